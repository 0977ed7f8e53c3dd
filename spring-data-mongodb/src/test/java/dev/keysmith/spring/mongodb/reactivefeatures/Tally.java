package dev.keysmith.spring.mongodb.reactivefeatures;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.mongodb.core.mapping.Document;

/** A versioned entity with sequence ids reserved ten at a time. */
@Document("tallies")
public class Tally {

    @Id
    @Sequence(batch = 10)
    private Long id;
    @Version
    private Long version;
    private int count;

    public Tally() {
    }

    public Tally(int count) {
        this.count = count;
    }

    public Long getId() {
        return id;
    }

    public Long getVersion() {
        return version;
    }

    public int getCount() {
        return count;
    }

    public void setCount(int count) {
        this.count = count;
    }
}
