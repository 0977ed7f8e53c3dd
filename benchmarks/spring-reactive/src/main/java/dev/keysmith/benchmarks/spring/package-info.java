/**
 * (j) The reactive Spring Data MongoDB route: a Spring Boot 4.1 application whose {@code ReactiveMongoRepository}
 * and {@code ReactiveMongoTemplate} get {@code @Sequence} ids from keysmith's callback, side by side with the
 * callback applications write by hand today (a {@code findAndModify} with {@code $inc} on a counter document per
 * entity). Run it with {@code benchmarks/run.sh} (see docs/benchmarks.md).
 */
package dev.keysmith.benchmarks.spring;
