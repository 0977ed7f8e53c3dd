/**
 * keysmith's id annotations on JPA entities that Hibernate OGM 5.4 stores in MongoDB.
 *
 * <p>Adding {@code keysmith-hibernate-ogm} to the classpath of an OGM application (MongoDB datastore) is all the
 * configuration: Hibernate finds keysmith through {@code ServiceLoader} and installs a generator on every
 * {@code @Id} that carries {@link dev.keysmith.annotations.GeneratedObjectId},
 * {@link dev.keysmith.annotations.Sequence}, {@link dev.keysmith.annotations.UuidId} or
 * {@link dev.keysmith.annotations.RandomId} (no {@code @GeneratedValue}).
 *
 * <pre>{@code
 * @Entity
 * public class Invoice {
 *     @Id @Sequence(batch = 100) Long number;
 * }
 * }</pre>
 *
 * <p>An annotation that cannot work fails the boot with a {@link dev.keysmith.hibernate.ogm.KeysmithMappingException}
 * naming the entity and the attribute. What each annotation stores is described in {@code docs/hibernate-ogm.md}.
 */
package dev.keysmith.hibernate.ogm;
