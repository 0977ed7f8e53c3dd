package dev.keysmith.quarkus.test.reactive;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.UuidId;
import io.quarkus.mongodb.panache.common.MongoEntity;
import io.quarkus.mongodb.panache.reactive.ReactivePanacheMongoEntityBase;
import java.util.UUID;

@MongoEntity(collection = "badges")
@Document(collection = "badges")
public class Badge extends ReactivePanacheMongoEntityBase {
    @UuidId
    public UUID id;
    public String holder;
}
