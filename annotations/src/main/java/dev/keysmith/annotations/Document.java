package dev.keysmith.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class or record as an entity stored in its own MongoDB collection; the annotation processor writes
 * a codec for it. A type with an id annotation is an entity even without {@code @Document}.
 *
 * <pre>{@code
 * @Document(collection = "people")
 * public class Person {
 *     @GeneratedObjectId String id;
 *     String name;
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Document {

    /** The collection name. Defaults to the simple class name with a lower-case first letter. */
    String collection() default "";
}
