/**
 * Entity shapes of existing domain models and of MongoDB's sample data sets, each checked against the driver's
 * {@code PojoCodec}: the same bytes, each codec reads the other's documents, insert and find work.
 */
package dev.keysmith.mongodb.parity;
