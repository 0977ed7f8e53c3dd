/** Internals of keysmith's Spring Data MongoDB integration: not API, may change in any release. */
package dev.keysmith.spring.mongodb.internal;
