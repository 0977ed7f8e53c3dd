package dev.keysmith.quarkus.test.checks;

import dev.keysmith.annotations.UuidId;
import io.quarkus.mongodb.panache.PanacheMongoEntityBase;
import java.util.UUID;

/** Fine in itself; a mistake with the client's default UUID representation. */
public class Token extends PanacheMongoEntityBase {
    @UuidId
    public UUID id;
}
