package dev.keysmith.quarkus.test.blocking;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.RandomId;
import io.quarkus.mongodb.panache.PanacheMongoEntityBase;
import io.quarkus.mongodb.panache.common.MongoEntity;

@MongoEntity(collection = "giftCards")
@Document(collection = "giftCards")
public class GiftCard extends PanacheMongoEntityBase {
    @RandomId(digits = 12)
    public Long number;
    public long cents;
}
