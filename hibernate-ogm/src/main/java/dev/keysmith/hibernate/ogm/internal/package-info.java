/**
 * Internals of keysmith's Hibernate OGM integration: the mapping producer, the generators, the MongoDB counter
 * store, the UUID types and the grid dialect that stores UUIDs as BSON binary. Not API: anything here may change
 * without notice.
 */
package dev.keysmith.hibernate.ogm.internal;
