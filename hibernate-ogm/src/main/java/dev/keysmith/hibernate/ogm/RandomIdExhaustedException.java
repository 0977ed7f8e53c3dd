package dev.keysmith.hibernate.ogm;

/**
 * Thrown when a {@code @RandomId} generator found no free id: every one of its {@code attempts} random numbers was
 * already taken in the entity's collection (or by an entity of the current session). Nothing was inserted. The
 * space of {@code digits}-digit numbers is too full: raise {@code digits}.
 *
 * <p>Not a {@code HibernateException}, so that JPA's {@code persist} throws it as it is rather than wrapped.
 *
 * <p>Immutable.
 */
public final class RandomIdExhaustedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String entity;
    private final String collection;
    private final int attempts;

    public RandomIdExhaustedException(String entity, String collection, int digits, int attempts) {
        super("[keysmith] no free @RandomId(digits = " + digits + ") for entity " + entity + " in collection "
                + collection + ": all " + attempts + " attempts drew an id that is already taken; raise digits to "
                + "make room");
        this.entity = entity;
        this.collection = collection;
        this.attempts = attempts;
    }

    /** The entity's name. */
    public String entity() {
        return entity;
    }

    /** The entity's collection. */
    public String collection() {
        return collection;
    }

    /** How many random ids were tried. */
    public int attempts() {
        return attempts;
    }
}
