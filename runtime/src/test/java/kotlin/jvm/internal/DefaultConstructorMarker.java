package kotlin.jvm.internal;

/**
 * Stands in for kotlin-stdlib's class of this name, which this module's tests do not have: the type of the last
 * parameter Kotlin adds to the constructors it makes for value-class parameters and default arguments
 * ({@code AnnotatedAttributeTest}).
 */
public final class DefaultConstructorMarker {

    private DefaultConstructorMarker() {
    }
}
