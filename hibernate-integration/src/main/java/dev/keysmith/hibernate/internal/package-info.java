/**
 * Internals of keysmith's Hibernate integration: the mapping contributor, the generators, the JDBC counter store
 * and the {@code ObjectId} type. Not API: anything here may change without notice.
 */
package dev.keysmith.hibernate.internal;
