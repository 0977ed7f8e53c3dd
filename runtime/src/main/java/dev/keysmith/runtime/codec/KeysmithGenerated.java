package dev.keysmith.runtime.codec;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class that the keysmith processor wrote (a generated codec). Not for application code.
 *
 * <p>It has class retention, unlike {@code javax.annotation.processing.Generated} (source retention), for two
 * tools that read compiled classes: Gradle compiles incrementally with an aggregating annotation processor only
 * when every annotation that processor receives has class or runtime retention (one with source retention makes
 * every build a full rebuild), and JaCoCo leaves out of coverage the classes that carry an annotation with class
 * or runtime retention whose simple name contains {@code Generated}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface KeysmithGenerated {
}
