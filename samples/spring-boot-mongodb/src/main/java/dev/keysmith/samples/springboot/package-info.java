/**
 * A Spring Boot application with Spring Data MongoDB repositories whose entities get their ids from keysmith: the
 * only change to an ordinary application is the dependency {@code dev.keysmith:keysmith-spring-data-mongodb} and
 * one annotation next to each {@code @Id}.
 */
package dev.keysmith.samples.springboot;
