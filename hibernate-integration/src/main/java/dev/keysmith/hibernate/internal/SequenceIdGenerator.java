package dev.keysmith.hibernate.internal;

import dev.keysmith.runtime.SequenceSpec;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.EventType;

/**
 * {@code @Sequence}: the next number of the entity's sequence, from the allocator the session factory shares among
 * all entities that name the same sequence.
 *
 * <p>Thread-safe.
 */
final class SequenceIdGenerator extends InsertOnlyGenerator {

    private static final long serialVersionUID = 1L;

    private final SequenceSpec spec;
    private final transient SharedSequences sequences;

    SequenceIdGenerator(SequenceSpec spec, SharedSequences sequences) {
        this.spec = spec;
        this.sequences = sequences;
    }

    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
            EventType eventType) {
        long next = sequences.allocator(spec, session.getFactory()).next();
        return spec.intId() ? (Object) Math.toIntExact(next) : (Object) next;
    }
}
