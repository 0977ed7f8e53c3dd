/**
 * A reactive Spring Boot application with Spring Data MongoDB's {@code ReactiveMongoRepository}s whose entities get
 * their ids from keysmith without blocking a thread: the only change to an ordinary reactive application is the
 * dependency {@code dev.keysmith:keysmith-spring-data-mongodb} and one annotation next to each {@code @Id}.
 */
package dev.keysmith.samples.springboot.reactive;
