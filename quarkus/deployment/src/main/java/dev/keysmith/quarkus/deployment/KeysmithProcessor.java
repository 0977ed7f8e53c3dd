package dev.keysmith.quarkus.deployment;

import dev.keysmith.quarkus.internal.KeysmithCodecProvider;
import dev.keysmith.quarkus.internal.KeysmithIds;
import dev.keysmith.quarkus.internal.KeysmithRecorder;
import io.quarkus.arc.BeanDestroyer;
import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.arc.deployment.GeneratedBeanBuildItem;
import io.quarkus.arc.deployment.GeneratedBeanGizmoAdaptor;
import io.quarkus.arc.deployment.SyntheticBeanBuildItem;
import io.quarkus.arc.deployment.ValidationPhaseBuildItem.ValidationErrorBuildItem;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.BytecodeTransformerBuildItem;
import io.quarkus.deployment.builditem.CombinedIndexBuildItem;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.mongodb.deployment.MongoUnremovableClientsBuildItem;
import jakarta.inject.Singleton;
import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.jandex.IndexView;

/**
 * keysmith's build steps, one per concern: the generated codecs found in the index and written into one class
 * ({@link GeneratedCodecsWriter}), the bean that hands them to every MongoDB client, the id generators (their store
 * chosen here), the rewrite of Panache MongoDB ({@link PanacheTransformer}), and the checks that fail the build
 * ({@link BuildChecks}).
 */
class KeysmithProcessor {

    private static final String FEATURE = "keysmith";

    @BuildStep
    FeatureBuildItem feature() {
        return new FeatureBuildItem(FEATURE);
    }

    /** The generated codecs, as a bean that makes each by its constructor, and the provider that serves them. */
    @BuildStep
    void codecs(CombinedIndexBuildItem index, BuildProducer<GeneratedBeanBuildItem> generatedBeans,
            BuildProducer<AdditionalBeanBuildItem> beans) {
        List<GeneratedCodecClass> codecs = GeneratedCodecClass.find(index.getIndex());
        GeneratedCodecsWriter.write(codecs, new GeneratedBeanGizmoAdaptor(generatedBeans));
        beans.produce(AdditionalBeanBuildItem.unremovableOf(KeysmithCodecProvider.class));
    }

    /**
     * The id generators: over keysmith's non-blocking store on the reactive client when the application has reactive
     * Panache entities or repositories, else over the blocking store on the blocking client.
     */
    @BuildStep
    @Record(ExecutionTime.RUNTIME_INIT)
    SyntheticBeanBuildItem ids(KeysmithRecorder recorder, CombinedIndexBuildItem index) {
        return SyntheticBeanBuildItem.configure(KeysmithIds.class)
                .scope(Singleton.class)
                .unremovable()
                .supplier(recorder.ids(PanacheTypes.hasReactive(index.getIndex())))
                .destroyer(BeanDestroyer.AutoCloseableDestroyer.class)
                .setRuntimeInit()
                .done();
    }

    /** The counters are written through the default client, which must stay a bean even if nothing injects it. */
    @BuildStep
    MongoUnremovableClientsBuildItem clients() {
        return new MongoUnremovableClientsBuildItem();
    }

    /** Panache's id lookups query the stored form of the id; reactive inserts get their ids without blocking. */
    @BuildStep
    void panache(BuildProducer<BytecodeTransformerBuildItem> transformers) {
        transformers.produce(new BytecodeTransformerBuildItem(PanacheTypes.MONGO_OPERATIONS.toString(),
                (name, visitor) -> PanacheTransformer.storedIds(visitor, PanacheTypes.MONGO_OPERATIONS)));
        transformers.produce(new BytecodeTransformerBuildItem(PanacheTypes.REACTIVE_MONGO_OPERATIONS.toString(),
                (name, visitor) -> PanacheTransformer.reactiveInserts(
                        PanacheTransformer.storedIds(visitor, PanacheTypes.REACTIVE_MONGO_OPERATIONS))));
    }

    /** The mistakes that would compile and then misbehave: the build fails with each, named. */
    @BuildStep
    void checks(CombinedIndexBuildItem index, BuildProducer<ValidationErrorBuildItem> errors) {
        IndexView view = index.getIndex();
        String uuidRepresentation = ConfigProvider.getConfig()
                .getOptionalValue("quarkus.mongodb.uuid-representation", String.class).orElse(null);
        List<String> problems = BuildChecks.problems(view, uuidRepresentation);
        if (!problems.isEmpty()) {
            errors.produce(new ValidationErrorBuildItem(new KeysmithBuildException(problems)));
        }
    }
}
