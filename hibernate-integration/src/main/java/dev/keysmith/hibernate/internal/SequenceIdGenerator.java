package dev.keysmith.hibernate.internal;

import dev.keysmith.hibernate.SequenceAllocationException;
import dev.keysmith.runtime.IdAllocationException;
import dev.keysmith.runtime.IdSpaceExhaustedException;
import dev.keysmith.runtime.ResyncableCounterStore;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.util.Map;
import org.hibernate.HibernateException;
import org.hibernate.JDBCException;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.EventType;

/**
 * {@code @Sequence}: the next number of the entity's sequence, from the allocator the session factory shares among
 * all entities that name the same sequence. With native sequences a range is reserved by a {@code nextval} on the
 * session's own connection, on the caller's thread; with the table, by the allocator's store (and its prefetch).
 *
 * <p>Failures reach the caller as Hibernate exceptions, which JPA and Spring translate: a failed SQL statement as
 * the {@code JDBCException} Hibernate's {@code SqlExceptionHelper} makes of it (its message names the sequence and
 * the DDL), anything else as {@link SequenceAllocationException}.
 *
 * <p>Thread-safe. One instance serves one session factory.
 */
final class SequenceIdGenerator extends InsertOnlyGenerator {

    private static final long serialVersionUID = 1L;

    private final SequenceSpec spec;
    private final transient FactoryGenerators factories;
    private final transient NativeSequences nativeSequences; // null: the table store
    private transient volatile SequenceAllocator allocator;
    private transient volatile Map<String, NativeSequences.Rendered> rendered;

    SequenceIdGenerator(SequenceSpec spec, FactoryGenerators factories, NativeSequences nativeSequences) {
        this.spec = spec;
        this.factories = factories;
        this.nativeSequences = nativeSequences;
    }

    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
            EventType eventType) {
        SequenceAllocator sequence = allocator;
        if (sequence == null) {
            sequence = open(session);
        }
        long next;
        SessionSequenceStore inline = nativeSequences == null ? null : new SessionSequenceStore(session, rendered);
        try {
            next = inline == null ? sequence.next() : sequence.next(inline);
        } catch (IdAllocationException e) {
            throw translated(e, inline, session);
        } catch (IdSpaceExhaustedException e) {
            throw new SequenceAllocationException(spec.name(), e.getMessage(), e);
        }
        return spec.intId() ? (Object) Math.toIntExact(next) : (Object) next;
    }

    /**
     * The exception of a failed {@code next}: the Hibernate exception this call's own {@code nextval} threw, as it
     * is; otherwise (a caller failing fast after another's failed reservation, or any reservation of the table store,
     * which may have run on another thread) a fresh exception of the same kind, made by Hibernate's converter from
     * the same {@code SQLException}, whose message is this call's: an exception instance is never shared between
     * threads. Anything else as {@link SequenceAllocationException}.
     */
    private RuntimeException translated(IdAllocationException e, SessionSequenceStore inline,
            SharedSessionContractImplementor session) {
        Throwable cause = e.getCause();
        if (cause instanceof JDBCException jdbc && jdbc.getSQLException() != null
                && (inline == null || !inline.threw(jdbc))) {
            return session.getJdbcServices().getSqlExceptionHelper().getSqlExceptionConverter()
                    .convert(jdbc.getSQLException(), e.getMessage(), jdbc.getSQL());
        }
        return cause instanceof HibernateException hibernate ? hibernate
                : new SequenceAllocationException(spec.name(), e.getMessage(), e);
    }

    /** Whether the counters are native database sequences (else rows of the table). */
    boolean isNative() {
        return nativeSequences != null;
    }

    /** The sequence's settings. */
    SequenceSpec spec() {
        return spec;
    }

    /** The allocator of the sequence in {@code factory}, opened if it was not. */
    SequenceAllocator allocator(SessionFactoryImplementor factory) {
        return factories.of(factory).sequence(spec);
    }

    /** The counters of the sequence in {@code factory}, for the resync and the check. */
    ResyncableCounterStore counters(SessionFactoryImplementor factory) {
        if (nativeSequences != null) {
            return new NativeCounterStore(JdbcCounterStore.isolation(factory.getServiceRegistry()),
                    nativeSequences.render(factory));
        }
        return (ResyncableCounterStore) FactoryGenerators.store(factory);
    }

    private SequenceAllocator open(SharedSessionContractImplementor session) {
        if (nativeSequences != null) {
            rendered = nativeSequences.render(session.getFactory());
        }
        SequenceAllocator opened = factories.of(session.getFactory()).sequence(spec);
        allocator = opened;
        return opened;
    }
}
