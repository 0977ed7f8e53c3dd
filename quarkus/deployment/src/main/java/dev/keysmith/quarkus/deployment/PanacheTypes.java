package dev.keysmith.quarkus.deployment;

import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;

/** The Panache MongoDB types the build steps look for, by name (Panache's classes are not loaded at build time). */
final class PanacheTypes {

    static final DotName MONGO_OPERATIONS =
            DotName.createSimple("io.quarkus.mongodb.panache.common.runtime.MongoOperations");
    static final DotName REACTIVE_MONGO_OPERATIONS =
            DotName.createSimple("io.quarkus.mongodb.panache.common.reactive.runtime.ReactiveMongoOperations");
    static final DotName ENTITY = DotName.createSimple("io.quarkus.mongodb.panache.PanacheMongoEntity");
    static final DotName REACTIVE_ENTITY =
            DotName.createSimple("io.quarkus.mongodb.panache.reactive.ReactivePanacheMongoEntity");
    static final DotName REACTIVE_ENTITY_BASE =
            DotName.createSimple("io.quarkus.mongodb.panache.reactive.ReactivePanacheMongoEntityBase");
    static final DotName REACTIVE_REPOSITORY_BASE =
            DotName.createSimple("io.quarkus.mongodb.panache.reactive.ReactivePanacheMongoRepositoryBase");

    private PanacheTypes() {
    }

    /** Whether the application has reactive Panache entities or repositories. */
    static boolean hasReactive(IndexView index) {
        return !index.getAllKnownSubclasses(REACTIVE_ENTITY_BASE).isEmpty()
                || !index.getAllKnownImplementors(REACTIVE_REPOSITORY_BASE).isEmpty();
    }

    /**
     * The Panache entity class with its own {@code id} that {@code type} extends ({@code PanacheMongoEntity} or
     * {@code ReactivePanacheMongoEntity}), or null.
     */
    static DotName idOwningSuperclass(IndexView index, ClassInfo type) {
        DotName superName = type.superName();
        while (superName != null) {
            if (superName.equals(ENTITY) || superName.equals(REACTIVE_ENTITY)) {
                return superName;
            }
            ClassInfo superclass = index.getClassByName(superName);
            superName = superclass == null ? null : superclass.superName();
        }
        return null;
    }
}
