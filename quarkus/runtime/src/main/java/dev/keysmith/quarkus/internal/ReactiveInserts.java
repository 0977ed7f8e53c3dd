package dev.keysmith.quarkus.internal;

import io.quarkus.mongodb.reactive.ReactiveMongoCollection;
import io.smallrye.mutiny.Uni;
import java.util.List;

/**
 * The inserts of reactive Panache ({@code ReactiveMongoOperations}) as they were before keysmith's build step wrapped
 * them: the build adds this interface to that class, renames its four private insert methods to these, and puts in
 * their place methods that give the entities their ids first ({@link PanacheHooks}). Not for application code.
 */
public interface ReactiveInserts {

    /** Panache's {@code persist(collection, entity)}. */
    Uni<Void> keysmith$persist(ReactiveMongoCollection<?> collection, Object entity);

    /** Panache's {@code persist(collection, entities)}: one {@code insertMany}. */
    Uni<Void> keysmith$persist(ReactiveMongoCollection<?> collection, List<Object> entities);

    /** Panache's {@code persistOrUpdate(collection, entity)}. */
    Uni<Void> keysmith$persistOrUpdate(ReactiveMongoCollection<?> collection, Object entity);

    /** Panache's {@code persistOrUpdate(collection, entities)}: one ordered bulk write. */
    Uni<Void> keysmith$persistOrUpdate(ReactiveMongoCollection<?> collection, List<Object> entities);
}
