/**
 * The keysmith annotation processor. Put {@code keysmith-processor} on the annotation processor path
 * ({@code annotationProcessorPaths} in Maven, {@code annotationProcessor} in Gradle); nothing in this module is
 * an API to call. The pipeline: {@code reading} (source to model), {@code validation} (the rules, reported
 * through {@code messages}), {@code writing} (codecs from the model).
 */
package dev.keysmith.processor;
