package dev.keysmith.runtime;

/**
 * Every attempt to store an {@code @RandomId} entity drew an id that was already taken: the space of
 * {@code digits}-digit numbers is too full. Nothing was stored. The one exception of this meaning on every route: the
 * retrying inserts of keysmith-mongodb and of Spring Data MongoDB, and the checks before the insert of Hibernate ORM
 * and Hibernate OGM.
 *
 * <p>Deliberately no framework's exception (no {@code HibernateException}, no Spring {@code DataAccessException}):
 * JPA's {@code persist} throws it as it is rather than wrapped, and Spring's translation leaves it alone, so the
 * caller catches the same type on every route.
 *
 * <p>Immutable.
 */
public final class RandomIdExhaustedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String entity;
    private final String target;
    private final int attempts;

    /**
     * @param entity the entity's name
     * @param target the collection (MongoDB) or table (Hibernate ORM) the entity was to be stored in
     * @param attempts how many random ids were tried
     * @param lastCollision the store's report of the last collision, or {@code null} where the ids were checked
     *     before the insert
     */
    public RandomIdExhaustedException(String entity, String target, int attempts, Throwable lastCollision) {
        super("[keysmith] no free @RandomId for " + entity + " in '" + target + "': each of " + attempts
                + " attempts drew an id that was already taken; raise @RandomId(digits) to make room", lastCollision);
        this.entity = entity;
        this.target = target;
        this.attempts = attempts;
    }

    /** The entity's name. */
    public String entity() {
        return entity;
    }

    /** The collection or table the entity was to be stored in. */
    public String target() {
        return target;
    }

    /** How many random ids were tried. */
    public int attempts() {
        return attempts;
    }
}
