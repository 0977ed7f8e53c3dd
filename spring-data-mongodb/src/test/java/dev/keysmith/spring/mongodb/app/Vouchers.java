package dev.keysmith.spring.mongodb.app;

import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Voucher}. */
public interface Vouchers extends MongoRepository<Voucher, Long> {
}
