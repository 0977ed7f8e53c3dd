package dev.keysmith.quarkus.test.blocking;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.UuidId;
import io.quarkus.mongodb.panache.PanacheMongoEntityBase;
import io.quarkus.mongodb.panache.common.MongoEntity;
import java.util.UUID;

@MongoEntity(collection = "sessions")
@Document(collection = "sessions")
public class Session extends PanacheMongoEntityBase {
    @UuidId(version = UuidId.Version.TIME_ORDERED)
    public UUID id;
    public String user;
}
