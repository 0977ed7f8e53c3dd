/** Internals of keysmith-mongodb; not API: anything here may change in any release. */
package dev.keysmith.mongodb.internal;
