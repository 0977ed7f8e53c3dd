package dev.keysmith.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class or record stored as a sub-document of an entity. It gets a codec and has no id.
 *
 * <pre>{@code
 * @Embedded
 * public record Address(String street, String city) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Embedded {
}
