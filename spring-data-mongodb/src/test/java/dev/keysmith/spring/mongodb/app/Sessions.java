package dev.keysmith.spring.mongodb.app;

import java.util.UUID;
import org.springframework.data.mongodb.repository.MongoRepository;

/** The repository of {@link Session}. */
public interface Sessions extends MongoRepository<Session, UUID> {
}
