/**
 * keysmith for the MongoDB Java driver: {@link dev.keysmith.mongodb.Keysmith} puts the codecs that the keysmith
 * processor generated to work, {@link dev.keysmith.mongodb.Repository} inserts entities with ids by their
 * strategy, and {@link dev.keysmith.mongodb.MongoCounterStore} keeps the sequence counters.
 */
package dev.keysmith.mongodb;
