package dev.keysmith.quarkus.test.reactive;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.RandomId;
import io.quarkus.mongodb.panache.common.MongoEntity;
import io.quarkus.mongodb.panache.reactive.ReactivePanacheMongoEntityBase;

@MongoEntity(collection = "coupons")
@Document(collection = "coupons")
public class Coupon extends ReactivePanacheMongoEntityBase {
    @RandomId(digits = 10)
    public Long code;
    public long cents;
}
