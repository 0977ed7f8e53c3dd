/**
 * The annotations that give an entity its id.
 *
 * <p>Put exactly one of {@link dev.keysmith.annotations.GeneratedObjectId}, {@link dev.keysmith.annotations.Sequence},
 * {@link dev.keysmith.annotations.UuidId} or {@link dev.keysmith.annotations.RandomId} on the id field (or its
 * getter, or the record component). The keysmith annotation processor checks the entity at compile time and
 * writes a BSON codec and the id wiring for it; {@code keysmith-hibernate} makes the same annotations work on
 * JPA {@code @Id} attributes.
 *
 * <p>This module depends on nothing, so entity classes can carry the annotations without pulling in a driver.
 */
package dev.keysmith.annotations;
