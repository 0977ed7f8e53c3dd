package dev.keysmith.hibernate;

import org.hibernate.MappingException;

/**
 * Thrown while Hibernate boots when a keysmith id annotation cannot work on the attribute that carries it: the
 * attribute's type does not fit the strategy, the attribute is not the entity's {@code @Id} (a subclass's field, a
 * field of an {@code @Embedded} component or of an {@code @EmbeddedId} class), it is combined with
 * {@code @GeneratedValue} or another generator annotation, the annotation's values are out of range, or its
 * sequence name does not fit the database. The message names the entity, the
 * attribute, what is wrong and what would be right.
 *
 * <p>Immutable.
 */
public final class KeysmithMappingException extends MappingException {

    private static final long serialVersionUID = 1L;

    private final String entity;
    private final String attribute;

    public KeysmithMappingException(String entity, String attribute, String problem) {
        this(entity, attribute, problem, null);
    }

    public KeysmithMappingException(String entity, String attribute, String problem, Throwable cause) {
        super("[keysmith] " + entity + "." + attribute + ": " + problem, cause);
        this.entity = entity;
        this.attribute = attribute;
    }

    /** The entity's name. */
    public String entity() {
        return entity;
    }

    /** The attribute that carries the annotation. */
    public String attribute() {
        return attribute;
    }
}
