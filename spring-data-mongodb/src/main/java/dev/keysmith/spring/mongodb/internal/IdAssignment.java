package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.codec.IdStrategy;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.InstantiationAwarePropertyAccessor;
import org.springframework.data.mongodb.core.mapping.MongoPersistentEntity;
import org.springframework.data.mongodb.core.mapping.MongoPersistentProperty;

/**
 * How one entity type gets its id: the id property, the strategy and the generator of fresh values. An id is
 * absent when it is {@code null}, or {@code 0} in a primitive field, as Spring Data's own "is new" rule has it.
 *
 * <p>Immutable; thread-safe.
 */
public final class IdAssignment {

    /** For types without a keysmith id annotation: assigns nothing, never retries. */
    static final IdAssignment NONE = new IdAssignment(null, null, IdStrategy.ASSIGNED, null, 1);

    private static final EntityInstantiators INSTANTIATORS = new EntityInstantiators();

    private final MongoPersistentEntity<?> entity;
    private final MongoPersistentProperty id;
    private final IdStrategy strategy;
    private final Supplier<Object> values;
    private final int attempts;
    private final SequenceAllocator sequence;
    /** The entity's property accessor for an instance, made once rather than as a new method reference per call. */
    private final Function<Object, PersistentPropertyAccessor<Object>> accessors;

    IdAssignment(MongoPersistentEntity<?> entity, MongoPersistentProperty id, IdStrategy strategy,
            Supplier<Object> values, int attempts) {
        this(entity, id, strategy, values, attempts, null);
    }

    IdAssignment(MongoPersistentEntity<?> entity, MongoPersistentProperty id, IdStrategy strategy,
            Supplier<Object> values, int attempts, SequenceAllocator sequence) {
        this.entity = entity;
        this.id = id;
        this.strategy = strategy;
        this.values = values;
        this.attempts = attempts;
        this.sequence = sequence;
        this.accessors = entity == null ? null : accessorsOf(entity);
    }

    @SuppressWarnings("unchecked")
    private static Function<Object, PersistentPropertyAccessor<Object>> accessorsOf(MongoPersistentEntity<?> entity) {
        MongoPersistentEntity<Object> typed = (MongoPersistentEntity<Object>) entity;
        return typed::getPropertyAccessor;
    }

    /** The allocator of a {@code @Sequence} entity; null for the other strategies. */
    public SequenceAllocator sequence() {
        return sequence;
    }

    /** The entity type; null for a type keysmith leaves alone. */
    public Class<?> entityType() {
        return entity == null ? null : entity.getType();
    }

    /** The entity's collection, as Spring Data maps it; null for a type keysmith leaves alone. */
    public String collection() {
        return entity == null ? null : entity.getCollection();
    }

    /**
     * Whether an insert of {@code bean} that collides on {@code _id} resyncs the sequence and is retried once with a
     * fresh id: a {@code @Sequence} entity whose id keysmith is to assign.
     */
    public boolean resyncsOnCollision(Object bean) {
        return strategy == IdStrategy.SEQUENCE && !hasId(bean);
    }

    /** The strategy; {@link IdStrategy#ASSIGNED} for a type keysmith leaves alone. */
    public IdStrategy strategy() {
        return strategy;
    }

    /** How many inserts a collision on a fresh {@code @RandomId} may take; 1 for the other strategies. */
    public int attempts() {
        return attempts;
    }

    /** Whether an insert of {@code bean} that collides on {@code _id} is to be retried with a fresh id. */
    public boolean retriesOnCollision(Object bean) {
        return strategy == IdStrategy.RANDOM && !hasId(bean);
    }

    /** Whether {@code bean} has an id already (which keysmith never replaces). */
    public boolean hasId(Object bean) {
        if (strategy == IdStrategy.ASSIGNED) {
            return true;
        }
        Object value = accessors.apply(bean).getProperty(id); // reading needs no instantiation-aware accessor
        return value != null && !(id.getType().isPrimitive() && ((Number) value).longValue() == 0);
    }

    /**
     * {@code bean} with a fresh id if it had none: the same instance, or a new one for immutable types. A
     * {@code @Sequence} id is taken with {@link SequenceAllocator#next()}, which waits when a range must be reserved:
     * the reactive route takes it with {@code nextAsync()} and gives it to {@link #withSequenceId}.
     */
    public Object assignIfAbsent(Object bean) {
        return hasId(bean) ? bean : withId(bean, values.get());
    }

    /** {@code bean} with the id {@code id} of its {@code @Sequence} (an {@code int} id as an {@code int}). */
    public Object withSequenceId(Object bean, long id) {
        return withId(bean, sequenceValue(sequence, id));
    }

    /** An id of {@code sequence} as the id property holds it: an {@code int} for an {@code int} or Integer id. */
    static Object sequenceValue(SequenceAllocator sequence, long id) {
        return sequence.spec().intId() ? (Object) (int) id : (Object) id;
    }

    private Object withId(Object bean, Object value) {
        PersistentPropertyAccessor<Object> accessor = accessor(bean);
        accessor.setProperty(id, value);
        return accessor.getBean();
    }

    /** A fresh id of the type of the id property, for a document the server inserts on an upsert. */
    public Object freshId() {
        return values.get();
    }

    /** The names the id goes by in a query or an update: {@code _id} and the id property's name. */
    public Set<String> idKeys() {
        return id.getName().equals("_id") ? Set.of("_id") : Set.of("_id", id.getName());
    }

    /** The id of {@code bean} as it is in Java (null when absent). */
    public Object idOf(Object bean) {
        return strategy == IdStrategy.ASSIGNED ? null : accessors.apply(bean).getProperty(id);
    }

    /** {@code bean} without its id (a mutable entity keeps the id of an insert that collided). */
    public Object clearId(Object bean) {
        if (!hasId(bean)) {
            return bean;
        }
        PersistentPropertyAccessor<Object> accessor = accessor(bean);
        accessor.setProperty(id, id.getType().isPrimitive() ? zero(id.getType()) : null);
        return accessor.getBean();
    }

    private static Object zero(Class<?> primitive) {
        return primitive == int.class ? (Object) 0 : (Object) 0L;
    }

    /** An accessor that can also set the id of an immutable entity (by making a new instance). */
    private PersistentPropertyAccessor<Object> accessor(Object bean) {
        return new InstantiationAwarePropertyAccessor<>(bean, accessors, INSTANTIATORS);
    }

    @Override
    public String toString() {
        return strategy == IdStrategy.ASSIGNED ? "IdAssignment[none]"
                : "IdAssignment[" + entity.getType().getName() + "." + id.getName() + ", " + strategy + "]";
    }
}
