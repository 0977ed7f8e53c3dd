/**
 * (l) Batches: a Spring Boot 4.1 application with both Spring Data MongoDB routes saving 1,000 new entities at a time
 * ({@code saveAll}, {@code insert(Collection, Class)}, blocking and reactive) whose ids are keysmith's
 * {@code @Sequence(batch = 1000)} or {@code @RandomId}, side by side with Spring's own {@code ObjectId} entity. Run it
 * with {@code benchmarks/run.sh} (see docs/benchmarks.md).
 */
package dev.keysmith.benchmarks.springbatch;
