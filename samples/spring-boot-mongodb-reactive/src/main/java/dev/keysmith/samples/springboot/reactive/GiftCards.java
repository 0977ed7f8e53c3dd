package dev.keysmith.samples.springboot.reactive;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The repository of {@link GiftCard}: plain reactive Spring Data, nothing of keysmith. */
public interface GiftCards extends ReactiveMongoRepository<GiftCard, Long> {
}
