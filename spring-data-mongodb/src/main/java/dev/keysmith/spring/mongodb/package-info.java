/**
 * keysmith for Spring Data MongoDB: adding {@code dev.keysmith:keysmith-spring-data-mongodb} to a Spring Boot
 * application makes {@code MongoRepository.save}/{@code insert} and {@code MongoTemplate.insert}/{@code save} assign
 * the ids of entities whose {@code @Id} carries {@code @Sequence}, {@code @UuidId}, {@code @GeneratedObjectId} or
 * {@code @RandomId}. {@link dev.keysmith.spring.mongodb.KeysmithMongoAutoConfiguration} does the wiring;
 * {@link dev.keysmith.spring.mongodb.KeysmithProperties} holds the {@code keysmith.*} settings.
 */
package dev.keysmith.spring.mongodb;
