/**
 * keysmith's id generators, free of any database driver: {@link dev.keysmith.runtime.ObjectIdGenerator},
 * {@link dev.keysmith.runtime.UuidGenerator}, {@link dev.keysmith.runtime.RandomIdGenerator} and the
 * {@link dev.keysmith.runtime.SequenceAllocator} over a {@link dev.keysmith.runtime.CounterStore}.
 * {@link dev.keysmith.runtime.IdGenerators} bundles them for one database.
 */
package dev.keysmith.runtime;
