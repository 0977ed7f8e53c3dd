package dev.keysmith.spring.mongodb;

/**
 * An entity's id annotation does not fit its mapping (the wrong id type, an annotation on a property that is not
 * the {@code @Id}, two strategies on one id, values out of range). Raised when the application starts, for every
 * entity Spring Data knows then, or on the first save of an entity it meets later.
 *
 * <p>Immutable.
 */
public final class KeysmithMappingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String entity;
    private final String property;

    public KeysmithMappingException(Class<?> entity, String property, String problem) {
        this(entity, property, problem, null);
    }

    public KeysmithMappingException(Class<?> entity, String property, String problem, Throwable cause) {
        super(entity.getName() + "." + property + ": " + problem, cause);
        this.entity = entity.getName();
        this.property = property;
    }

    /** The fully qualified name of the entity class. */
    public String entity() {
        return entity;
    }

    /** The name of the property (field) whose mapping is wrong. */
    public String property() {
        return property;
    }
}
