package dev.keysmith.quarkus.hibernate.deployment;

import dev.keysmith.hibernate.internal.KeysmithSequenceRow;
import dev.keysmith.quarkus.hibernate.KeysmithHibernateConfig;
import dev.keysmith.quarkus.hibernate.internal.KeysmithHibernateRecorder;
import io.quarkus.arc.deployment.ValidationPhaseBuildItem.ValidationErrorBuildItem;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.hibernate.orm.deployment.AdditionalJpaModelBuildItem;
import io.quarkus.hibernate.orm.deployment.JpaModelBuildItem;
import io.quarkus.hibernate.orm.deployment.PersistenceUnitDescriptorBuildItem;
import io.quarkus.hibernate.orm.deployment.integration.HibernateOrmIntegrationStaticConfiguredBuildItem;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * keysmith's build steps for Hibernate ORM: the {@code keysmith_sequences} entity when the table store is chosen (Quarkus
 * must know every entity at build time, and keysmith's mapping contributor then leaves it to Quarkus), keysmith's
 * settings handed to each persistence unit, and the mapping checks of keysmith-hibernate run on the application's
 * entities, which fail the build rather than the start.
 */
class KeysmithHibernateProcessor {

    private static final String FEATURE = "keysmith-hibernate-orm";

    /** The databases of Quarkus's {@code quarkus.datasource.db-kind} that have no sequences: the table is the default. */
    private static final Set<String> KINDS_WITHOUT_SEQUENCES = Set.of("mysql");

    @BuildStep
    FeatureBuildItem feature() {
        return new FeatureBuildItem(FEATURE);
    }

    /** The mapping of {@code keysmith_sequences}, in the model when the counters live in that table. */
    @BuildStep
    void sequenceTable(KeysmithHibernateConfig config, BuildProducer<AdditionalJpaModelBuildItem> model) {
        String dbKind = ConfigProvider.getConfig().getOptionalValue("quarkus.datasource.db-kind", String.class)
                .orElse("");
        boolean table = config.sequenceStore()
                .map(store -> store.trim().equalsIgnoreCase("table"))
                .orElse(KINDS_WITHOUT_SEQUENCES.contains(dbKind.toLowerCase(Locale.ROOT)));
        if (table) {
            model.produce(new AdditionalJpaModelBuildItem(KeysmithSequenceRow.class.getName()));
        }
    }

    /** {@code quarkus.keysmith.hibernate.*} as Hibernate's {@code keysmith.*} boot properties of every unit. */
    @BuildStep
    @Record(ExecutionTime.STATIC_INIT)
    void settings(KeysmithHibernateRecorder recorder, KeysmithHibernateConfig config,
            List<PersistenceUnitDescriptorBuildItem> units,
            BuildProducer<HibernateOrmIntegrationStaticConfiguredBuildItem> integrations) {
        Map<String, String> properties = config.hibernateProperties();
        if (properties.isEmpty()) {
            return;
        }
        for (PersistenceUnitDescriptorBuildItem unit : units) {
            integrations.produce(new HibernateOrmIntegrationStaticConfiguredBuildItem(FEATURE,
                    unit.getPersistenceUnitName()).setInitListener(recorder.settings(properties)));
        }
    }

    /** keysmith-hibernate's mapping checks on the entities, at build time: every mistake fails the build, named. */
    @BuildStep
    void checks(JpaModelBuildItem model, BuildProducer<ValidationErrorBuildItem> errors) {
        List<String> problems = JpaChecks.problems(model.getEntityClassNames(),
                Thread.currentThread().getContextClassLoader());
        if (!problems.isEmpty()) {
            errors.produce(new ValidationErrorBuildItem(new IllegalStateException("keysmith found " + problems.size()
                    + (problems.size() == 1 ? " problem" : " problems") + " in the JPA entities:\n\t"
                    + String.join("\n\t", problems))));
        }
    }
}
