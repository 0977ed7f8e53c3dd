package dev.keysmith.runtime;

import org.bson.BsonDocument;

/**
 * Thrown when a counter document is not shaped {@code {_id: <name>, next: NumberLong(n)}} with {@code n >= 0}
 * (see {@link CounterDocuments}). The document is left as it was; fix or remove it.
 *
 * <p>Immutable.
 */
public final class MalformedCounterException extends IllegalStateException {

    private final String counter;
    private final String document;

    public MalformedCounterException(String namespace, String counter, BsonDocument found, Throwable cause) {
        super("the counter document '" + counter + "' in collection '" + namespace + "' must look like {_id: '"
                + counter + "', " + CounterDocuments.VALUE_FIELD + ": NumberLong(n)} with n >= 0 (NumberInt is"
                + " accepted too), but it is " + (found == null ? "unreadable" : found.toJson())
                + "; it was left unchanged: fix it with NumberLong, or remove it (removing restarts the counter at 0,"
                + " which hands out old ids again)", cause);
        this.counter = counter;
        this.document = found == null ? null : found.toJson();
    }

    /** The counter's name. */
    public String counter() {
        return counter;
    }

    /** The document found, as extended JSON, or null if it could not be read. */
    public String document() {
        return document;
    }
}
