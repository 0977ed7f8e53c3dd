package dev.keysmith.hibernate.internal;

import dev.keysmith.hibernate.KeysmithSequences;
import dev.keysmith.runtime.CounterCheck;
import org.hibernate.SessionFactory;
import org.hibernate.SessionFactoryObserver;
import org.hibernate.boot.Metadata;
import org.hibernate.boot.spi.BootstrapContext;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.integrator.spi.Integrator;
import org.hibernate.service.spi.SessionFactoryServiceRegistry;

/**
 * Counters behind the data, once the session factory is built (after schema management): installs the conversion
 * of a duplicate sequence id at insert ({@link SequenceIdViolations}, removed when the factory closes) and runs the
 * start-up check of the sequence counters ({@link FactoryCounters}) as {@value KeysmithSequences#COUNTER_CHECK_PROPERTY}
 * says (unset: {@code warn} for the sequences in the table, none for native sequences, whose reading costs a range).
 * Found by {@code ServiceLoader}.
 *
 * <p>Thread-safe (stateless).
 */
public final class CounterCheckIntegrator implements Integrator {

    @Override
    public void integrate(Metadata metadata, BootstrapContext bootstrapContext, SessionFactoryImplementor factory) {
        Object setting = factory.getProperties().get(KeysmithSequences.COUNTER_CHECK_PROPERTY);
        boolean set = setting != null && !setting.toString().isBlank();
        CounterCheck check = set ? CounterCheck.parse(KeysmithSequences.COUNTER_CHECK_PROPERTY, setting.toString())
                : CounterCheck.WARN;
        factory.addObserver(new SessionFactoryObserver() {
            private static final long serialVersionUID = 1L;

            @Override
            public void sessionFactoryCreated(SessionFactory created) {
                SessionFactoryImplementor implementor = created.unwrap(SessionFactoryImplementor.class);
                if (check != CounterCheck.OFF) {
                    FactoryCounters.atStart(implementor, check, set); // may fail the boot: then nothing to install
                }
                SequenceIdViolations.install(implementor);
            }

            @Override
            public void sessionFactoryClosing(SessionFactory closing) {
                SequenceIdViolations.uninstall(closing.unwrap(SessionFactoryImplementor.class));
            }
        });
    }

    @Override
    public void disintegrate(SessionFactoryImplementor factory, SessionFactoryServiceRegistry registry) {
    }
}
