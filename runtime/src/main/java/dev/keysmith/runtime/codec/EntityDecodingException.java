package dev.keysmith.runtime.codec;

import org.bson.BSONException;
import org.bson.BsonType;

/**
 * A stored document does not fit the entity it is decoded into: a value of the wrong BSON type, a missing
 * value that the entity needs, or a value out of the field's range. The message names the entity, the field
 * and what was found.
 *
 * <p>Immutable.
 */
public class EntityDecodingException extends BSONException {

    private static final long serialVersionUID = 1L;

    private final String entity;
    private final String field;

    public EntityDecodingException(String entity, String field, String problem) {
        super("Cannot decode " + entity + "." + field + ": " + problem);
        this.entity = entity;
        this.field = field;
    }

    public EntityDecodingException(String entity, String field, String problem, Throwable cause) {
        super("Cannot decode " + entity + "." + field + ": " + problem, cause);
        this.entity = entity;
        this.field = field;
    }

    /** An exception for a value of the wrong type. */
    static EntityDecodingException wrongType(String entity, String field, String expected, BsonType found) {
        return new EntityDecodingException(entity, field, "expected " + expected + " but found " + found);
    }

    /** The simple name of the entity or embedded type. */
    public String entity() {
        return entity;
    }

    /** The Java name of the field. */
    public String field() {
        return field;
    }
}
