/**
 * keysmith's Quarkus extension for Hibernate ORM: {@code keysmith-hibernate} in a Quarkus application, its
 * {@code keysmith_sequences} table known at build time, its settings as {@code quarkus.keysmith.hibernate.*}
 * ({@link dev.keysmith.quarkus.hibernate.KeysmithHibernateConfig}); see docs/quarkus.md.
 */
package dev.keysmith.quarkus.hibernate;
