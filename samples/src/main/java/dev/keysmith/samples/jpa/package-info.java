/**
 * JPA entities with keysmith's annotations on {@code @Id}, one per id strategy, and
 * {@link dev.keysmith.samples.jpa.HibernateDemo}, which persists them with Hibernate ORM. Nothing but the
 * {@code keysmith-hibernate} dependency makes the annotations work.
 */
package dev.keysmith.samples.jpa;
