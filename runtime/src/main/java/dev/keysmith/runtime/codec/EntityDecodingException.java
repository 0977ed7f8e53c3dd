package dev.keysmith.runtime.codec;

import org.bson.BSONException;
import org.bson.BsonType;

/**
 * A stored document does not fit the entity it is decoded into: a value of the wrong BSON type, a missing
 * value that the entity needs, or a value out of the field's range. The message names the path from the entity
 * to the field ({@code Order.shipping.address.zip}), the document's {@code _id} when it had been read, and what
 * was found.
 *
 * <p>Immutable.
 */
public class EntityDecodingException extends BSONException {

    private static final long serialVersionUID = 1L;

    private final String entity;
    private final String field;
    private final String problem;
    private final transient Object documentId;

    public EntityDecodingException(String entity, String field, String problem) {
        this(entity, field, problem, null, null);
    }

    public EntityDecodingException(String entity, String field, String problem, Throwable cause) {
        this(entity, field, problem, null, cause);
    }

    private EntityDecodingException(String entity, String field, String problem, Object documentId,
            Throwable cause) {
        super("Cannot decode " + entity + "." + field
                + (documentId == null ? "" : " of the document with _id " + documentId) + ": " + problem, cause);
        this.entity = entity;
        this.field = field;
        this.problem = problem;
        this.documentId = documentId;
    }

    /** An exception for a value of the wrong type. */
    static EntityDecodingException wrongType(String entity, String field, String expected, BsonType found) {
        return new EntityDecodingException(entity, field, "expected " + expected + " but found " + found);
    }

    /**
     * The same failure seen from the type that holds the failing one in its property {@code field}: the path
     * grows by one step ({@code Address.zip} becomes {@code Customer.address.zip}).
     */
    public EntityDecodingException within(String outerEntity, String outerField) {
        EntityDecodingException outer = new EntityDecodingException(outerEntity, outerField + "." + field, problem,
                documentId, getCause());
        outer.setStackTrace(getStackTrace());
        return outer;
    }

    /** The same failure, naming the {@code _id} of the document being decoded (unchanged if null or named). */
    public EntityDecodingException withDocumentId(Object id) {
        if (id == null || documentId != null) {
            return this;
        }
        EntityDecodingException named = new EntityDecodingException(entity, field, problem, id, getCause());
        named.setStackTrace(getStackTrace());
        return named;
    }

    /** The simple name of the outermost entity or embedded type whose decoding failed. */
    public String entity() {
        return entity;
    }

    /** The path from {@link #entity()} to the failing field, by Java names, e.g. {@code shipping.address.zip}. */
    public String field() {
        return field;
    }

    /** The {@code _id} of the document whose decoding failed, if it had been read; else null. */
    public Object documentId() {
        return documentId;
    }
}
