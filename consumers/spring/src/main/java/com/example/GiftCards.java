package com.example;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link GiftCard}: plain Spring Data. */
public interface GiftCards extends MongoRepository<GiftCard, Long> {
}
