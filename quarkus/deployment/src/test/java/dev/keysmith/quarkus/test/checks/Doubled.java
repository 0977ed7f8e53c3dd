package dev.keysmith.quarkus.test.checks;

import dev.keysmith.annotations.Sequence;
import io.quarkus.mongodb.panache.PanacheMongoEntity;

/** A mistake: PanacheMongoEntity already has an ObjectId id. */
public class Doubled extends PanacheMongoEntity {
    @Sequence
    public Long number;
    public String name;
}
