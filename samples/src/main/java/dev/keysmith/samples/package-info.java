/**
 * The keysmith demo ({@link dev.keysmith.samples.Demo}): every id strategy through the MongoDB driver
 * ({@code mongo}) and through Hibernate ORM ({@code jpa}), on an embedded MongoDB server and an in-memory H2.
 */
package dev.keysmith.samples;
