/**
 * Test support for the MongoDB module: {@link dev.keysmith.mongodb.testing.TestMongo} gives each test an
 * embedded server (or the real one named by {@code -Dkeysmith.mongodb.uri}). Not API.
 */
package dev.keysmith.mongodb.testing;
