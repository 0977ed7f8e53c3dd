package dev.keysmith.runtime.codec;

/** How an entity's id is made. Immutable. */
public enum IdStrategy {
    /** {@code @GeneratedObjectId}. */
    OBJECT_ID,
    /** {@code @Sequence}. */
    SEQUENCE,
    /** {@code @UuidId}. */
    UUID,
    /** {@code @RandomId}: retried on a duplicate id. */
    RANDOM,
    /** No id annotation: the application sets the id itself. */
    ASSIGNED
}
