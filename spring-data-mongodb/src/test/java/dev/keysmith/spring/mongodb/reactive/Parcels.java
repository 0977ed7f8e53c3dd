package dev.keysmith.spring.mongodb.reactive;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/** The reactive repository of {@link Parcel}. */
public interface Parcels extends ReactiveMongoRepository<Parcel, Long> {
}
