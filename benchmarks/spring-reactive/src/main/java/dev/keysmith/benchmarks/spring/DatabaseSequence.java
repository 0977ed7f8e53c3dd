package dev.keysmith.benchmarks.spring;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** The hand-written route's counter document: {@code {_id: <sequence name>, seq: <last value>}}. Not thread-safe. */
@Document("database_sequences")
public class DatabaseSequence {

    @Id
    private String id;
    private long seq;

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public long getSeq() {
        return seq;
    }

    public void setSeq(long seq) {
        this.seq = seq;
    }
}
