package dev.keysmith.benchmarks.spring;

import static org.springframework.data.mongodb.core.FindAndModifyOptions.options;
import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import org.springframework.data.mongodb.core.ReactiveMongoOperations;
import org.springframework.data.mongodb.core.query.Update;
import reactor.core.publisher.Mono;

/**
 * The sequence generator of the usual tutorial, made reactive: one {@code findAndModify} per id that increments the
 * counter document by one (creating it on first use) and returns the new value. Thread-safe.
 */
public class HandWrittenSequenceGenerator {

    private final ReactiveMongoOperations mongo;

    public HandWrittenSequenceGenerator(ReactiveMongoOperations mongo) {
        this.mongo = mongo;
    }

    /** The next value of {@code sequenceName}: 1, 2, 3, ... */
    public Mono<Long> generateSequence(String sequenceName) {
        return mongo.findAndModify(query(where("_id").is(sequenceName)), new Update().inc("seq", 1),
                options().returnNew(true).upsert(true), DatabaseSequence.class).map(DatabaseSequence::getSeq);
    }
}
