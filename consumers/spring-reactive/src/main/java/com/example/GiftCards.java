package com.example;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link GiftCard}: plain Spring Data. */
public interface GiftCards extends ReactiveMongoRepository<GiftCard, Long> {
}
