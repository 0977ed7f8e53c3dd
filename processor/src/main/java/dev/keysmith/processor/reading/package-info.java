/**
 * Step 1 of 3: finds the types to write codecs for ({@code TypeDiscovery}) and reads the annotated source into
 * the model of {@code dev.keysmith.processor.model} ({@code ModelReader}, which runs one reader per job: candidates,
 * creators, properties, ids, Kotlin specifics; values are classified by {@code ValueTypes} and
 * {@code Discriminators}).
 */
package dev.keysmith.processor.reading;
