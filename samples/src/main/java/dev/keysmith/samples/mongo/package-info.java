/**
 * Entities of the plain MongoDB driver, one per id strategy, and {@link dev.keysmith.samples.mongo.MongoDemo},
 * which stores them with {@code Keysmith}, its repositories and a {@code MongoCollection}. The annotation
 * processor writes their codecs at compile time.
 */
package dev.keysmith.samples.mongo;
