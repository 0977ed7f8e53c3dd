package dev.keysmith.samples.springboot;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link GiftCard}: plain Spring Data, nothing of keysmith. */
public interface GiftCards extends MongoRepository<GiftCard, Long> {
}
