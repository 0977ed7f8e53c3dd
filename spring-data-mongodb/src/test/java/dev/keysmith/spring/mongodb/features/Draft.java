package dev.keysmith.spring.mongodb.features;

import dev.keysmith.annotations.GeneratedObjectId;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.mongodb.core.mapping.Document;

/** A versioned entity with an ObjectId (String) id. */
@Document("drafts")
public class Draft {

    @Id
    @GeneratedObjectId
    private String id;
    @Version
    private Long version;
    private String text;

    public Draft() {
    }

    public Draft(String text) {
        this.text = text;
    }

    public String getId() {
        return id;
    }

    public Long getVersion() {
        return version;
    }

    public String getText() {
        return text;
    }

    public void setText(String text) {
        this.text = text;
    }
}
