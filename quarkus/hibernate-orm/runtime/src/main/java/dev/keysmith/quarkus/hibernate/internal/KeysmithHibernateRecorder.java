package dev.keysmith.quarkus.hibernate.internal;

import io.quarkus.hibernate.orm.runtime.integration.HibernateOrmIntegrationStaticInitListener;
import io.quarkus.runtime.annotations.Recorder;
import java.util.Map;

/**
 * What the build records for Hibernate ORM's start: keysmith's settings, given to each persistence unit as Hibernate
 * properties.
 *
 * <p>Thread-safe (stateless).
 */
@Recorder
public class KeysmithHibernateRecorder {

    /** A listener that adds {@code properties} (Hibernate's {@code keysmith.*} names) to a persistence unit's boot. */
    public HibernateOrmIntegrationStaticInitListener settings(Map<String, String> properties) {
        return new KeysmithSettingsListener(Map.copyOf(properties));
    }
}
