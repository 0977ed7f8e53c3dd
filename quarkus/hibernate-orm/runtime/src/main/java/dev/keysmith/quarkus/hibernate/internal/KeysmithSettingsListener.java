package dev.keysmith.quarkus.hibernate.internal;

import io.quarkus.hibernate.orm.runtime.integration.HibernateOrmIntegrationStaticInitListener;
import java.util.Map;
import java.util.function.BiConsumer;
import org.hibernate.boot.Metadata;
import org.hibernate.boot.spi.BootstrapContext;

/**
 * Hands keysmith's settings to Hibernate as boot properties of a persistence unit, where keysmith's mapping
 * contributor and integrator read them, as Quarkus's own integrations (Envers, Search) pass theirs: no
 * {@code unsupported-properties}, no warning.
 *
 * <p>Immutable.
 */
final class KeysmithSettingsListener implements HibernateOrmIntegrationStaticInitListener {

    private final Map<String, String> properties;

    KeysmithSettingsListener(Map<String, String> properties) {
        this.properties = properties;
    }

    @Override
    public void contributeBootProperties(BiConsumer<String, Object> propertyCollector) {
        properties.forEach(propertyCollector);
    }

    @Override
    public void onMetadataInitialized(Metadata metadata, BootstrapContext bootstrapContext,
            BiConsumer<String, Object> propertyCollector) {
        // nothing: the mapping contributor has done keysmith's part of the model
    }
}
