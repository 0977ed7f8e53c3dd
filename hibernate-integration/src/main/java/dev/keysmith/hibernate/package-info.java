/**
 * keysmith's id annotations on JPA entities in Hibernate ORM 7.4 and 6.6.
 *
 * <p>Adding {@code keysmith-hibernate} to the classpath is all the configuration: Hibernate finds keysmith through
 * {@code ServiceLoader}, installs a generator on every {@code @Id} that carries {@link dev.keysmith.annotations.GeneratedObjectId},
 * {@link dev.keysmith.annotations.Sequence}, {@link dev.keysmith.annotations.UuidId} or
 * {@link dev.keysmith.annotations.RandomId} (no {@code @GeneratedValue}), maps {@code org.bson.types.ObjectId}
 * attributes, and registers what {@code @Sequence} needs for schema export and validation: one database sequence
 * per counter, read with {@code nextval} on the inserting session's own connection, or on databases without
 * sequences the {@value dev.keysmith.hibernate.KeysmithSequences#TABLE} table (see {@link
 * dev.keysmith.hibernate.KeysmithSequences}).
 *
 * <pre>{@code
 * @Entity
 * public class Invoice {
 *     @Id @Sequence(batch = 100) Long number;
 * }
 * }</pre>
 *
 * <p>An annotation that cannot work (a strategy on the wrong type, combined with {@code @GeneratedValue} or another
 * generator, or where Hibernate cannot generate) fails the boot with a
 * {@link dev.keysmith.hibernate.KeysmithMappingException} naming the entity and the attribute. Failures at run time
 * are Hibernate exceptions (see {@link dev.keysmith.hibernate.SequenceAllocationException}).
 */
package dev.keysmith.hibernate;
