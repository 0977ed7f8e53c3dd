package dev.keysmith.hibernate.ogm.internal;

import dev.keysmith.runtime.SequenceSpec;
import java.io.Serializable;
import java.util.Properties;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.service.ServiceRegistry;

/**
 * {@code @Sequence}: the next number of the entity's sequence, from the allocator its {@code EntityManagerFactory}
 * shares among all entities that name the same sequence. Reservations go to MongoDB directly, never through OGM's
 * session or its transaction emulation, so a rollback never returns a range.
 *
 * <p>Thread-safe once configured.
 */
public final class SequenceIdGenerator extends KeysmithGenerator {

    private static final String NAME = "keysmith.sequence";
    private static final String BATCH = "keysmith.batch";
    private static final String PREFETCH = "keysmith.prefetch";
    private static final String COUNTERS = "keysmith.counters";
    private static final String DIGITS = "keysmith.digits";
    private static final String START = "keysmith.start";
    private static final String INT_ID = "keysmith.intId";

    private SequenceSpec spec;
    private SequenceCounters sequences;

    static Properties parameters(SequenceSpec spec) {
        return properties(NAME, spec.name(), BATCH, spec.batch(), PREFETCH, spec.prefetch(),
                COUNTERS, spec.counters(), DIGITS, spec.digits(), START, spec.start(), INT_ID, spec.intId());
    }

    @Override
    void configure(Properties parameters, ServiceRegistry services) {
        spec = new SequenceSpec(parameters.getProperty(NAME), Integer.parseInt(parameters.getProperty(BATCH)),
                Boolean.parseBoolean(parameters.getProperty(PREFETCH)),
                Integer.parseInt(parameters.getProperty(COUNTERS)), Integer.parseInt(parameters.getProperty(DIGITS)),
                Long.parseLong(parameters.getProperty(START)), Boolean.parseBoolean(parameters.getProperty(INT_ID)));
        mongoDb(services, "@Sequence");
        sequences = services.getService(SequenceCounters.class);
    }

    @Override
    public Serializable generate(SharedSessionContractImplementor session, Object entity) {
        long next = sequences.allocator(spec).next();
        return spec.intId() ? (Serializable) Math.toIntExact(next) : (Serializable) next;
    }
}
