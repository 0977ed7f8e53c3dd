package dev.keysmith.spring.mongodb.features;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Wallet}. */
public interface Wallets extends MongoRepository<Wallet, Long> {
}
