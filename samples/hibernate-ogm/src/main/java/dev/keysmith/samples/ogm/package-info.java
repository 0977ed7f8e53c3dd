/**
 * The demo's Hibernate OGM route: JPA entities stored in MongoDB by OGM 5.4, with the same id annotations as the
 * other routes. Runs in a JVM of its own (OGM needs Hibernate ORM 5.3 and the MongoDB driver 5.6.4).
 */
package dev.keysmith.samples.ogm;
