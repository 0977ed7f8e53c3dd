/** Not API: what the extension's build steps record for Hibernate ORM's start. */
package dev.keysmith.quarkus.hibernate.internal;
