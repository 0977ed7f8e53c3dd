/**
 * keysmith on the MongoDB driver's reactive streams API: {@link dev.keysmith.mongodb.reactive.ReactiveKeysmith}, its
 * repositories, and the non-blocking counter store. Nothing here blocks a thread.
 */
package dev.keysmith.mongodb.reactive;
