package dev.keysmith.spring.mongodb.features;

import dev.keysmith.annotations.GeneratedObjectId;
import org.bson.types.ObjectId;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** An id with an initializer: it is set when the entity is made, so keysmith never assigns it. */
@Document("receipts")
public class Receipt {

    @Id
    @GeneratedObjectId
    private ObjectId id = new ObjectId();
    private String text;

    public Receipt() {
    }

    public Receipt(String text) {
        this.text = text;
    }

    public ObjectId getId() {
        return id;
    }

    public String getText() {
        return text;
    }
}
