package dev.keysmith.spring.mongodb.internal;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.util.ClassUtils;

/**
 * A call of a template method that writes new documents, as keysmith's retries see it, on either template
 * ({@code MongoOperations} or {@code ReactiveMongoOperations}, whose methods have the same names and parameters):
 * one entity ({@code insert(entity)}, {@code insert(entity, collection)}, {@code save(entity)},
 * {@code save(entity, collection)}) or a batch ({@code insert(entities, Class)}, {@code insert(entities, collection)},
 * {@code insertAll(entities)}). Overloads that take a {@code Publisher} of entities are neither.
 *
 * <p>Immutable; thread-safe.
 */
final class InsertCall {

    private final boolean oneEntity;
    private final boolean batch;
    private final boolean save;
    private final Object[] args;
    private final Function<Class<?>, String> collectionNames;

    private InsertCall(boolean oneEntity, boolean batch, boolean save, Object[] args,
            Function<Class<?>, String> collectionNames) {
        this.oneEntity = oneEntity;
        this.batch = batch;
        this.save = save;
        this.args = args;
        this.collectionNames = collectionNames;
    }

    /**
     * The call of {@code method} with {@code args} on a template whose {@code getCollectionName(Class)} is
     * {@code collectionNames}.
     */
    static InsertCall of(Method method, Object[] args, Function<Class<?>, String> collectionNames) {
        Class<?>[] parameters = method.getParameterTypes();
        String name = method.getName();
        boolean oneEntity = (name.equals("insert") || name.equals("save")) && parameters.length >= 1
                && parameters[0] == Object.class
                && (parameters.length == 1 || parameters.length == 2 && parameters[1] == String.class);
        boolean batch = parameters.length >= 1 && parameters[0] == Collection.class
                && (name.equals("insert") && parameters.length == 2 || name.equals("insertAll") && parameters.length == 1);
        return new InsertCall(oneEntity && args[0] != null, batch && args[0] != null, name.equals("save"), args,
                collectionNames);
    }

    /** Whether this writes one entity, which {@link #entity()} is. */
    boolean oneEntity() {
        return oneEntity;
    }

    /** Whether this writes a batch, which {@link #entities()} is. */
    boolean batch() {
        return batch;
    }

    /** Whether this is a {@code save} (of one entity), which may update rather than insert. */
    boolean save() {
        return save;
    }

    Object entity() {
        return args[0];
    }

    Collection<?> entities() {
        return (Collection<?>) args[0];
    }

    /** The entities of the batch that go into one collection, and where each stands in the batch (nulls skipped). */
    record Group(String collection, List<Object> entities, List<Integer> positions) {
    }

    /**
     * The entities of the batch (nulls skipped) by the collection each goes into, collections in the order of their
     * first entity: what the template inserts with one {@code insertMany} each.
     */
    List<Group> byCollection() {
        Map<String, Group> groups = new LinkedHashMap<>();
        String named = namedCollection();
        Class<?> lastType = null;
        String lastTypeCollection = null;
        Group last = null;
        int position = 0;
        for (Object entity : entities()) {
            if (entity != null) {
                String collection = named;
                if (collection == null) { // the collection of each entity's type, looked up once per run of a type
                    Class<?> type = ClassUtils.getUserClass(entity);
                    if (type != lastType) {
                        lastType = type;
                        lastTypeCollection = collectionNames.apply(type);
                    }
                    collection = lastTypeCollection;
                }
                Group group = last != null && last.collection().equals(collection) ? last
                        : groups.computeIfAbsent(collection,
                                name -> new Group(name, new ArrayList<>(), new ArrayList<>()));
                group.entities().add(entity);
                group.positions().add(position++);
                last = group;
            }
        }
        return List.copyOf(groups.values());
    }

    /**
     * What the inserts of {@code groups} returned ({@code saved}, each in its group's order), in the batch's order, as
     * the entities of one collection are.
     */
    static List<Object> inBatchOrder(List<Group> groups, List<? extends List<?>> saved) {
        if (groups.size() == 1) { // one collection: its entities are the batch's, in the batch's order
            return new ArrayList<>(saved.get(0));
        }
        int size = 0;
        for (Group group : groups) {
            size += group.entities().size();
        }
        Object[] ordered = new Object[size];
        for (int g = 0; g < groups.size(); g++) {
            List<Integer> positions = groups.get(g).positions();
            for (int i = 0; i < positions.size(); i++) {
                ordered[positions.get(i)] = saved.get(g).get(i);
            }
        }
        return Arrays.asList(ordered);
    }

    /** The collection this call writes {@code entity} (its entity, or one of its batch) into. */
    String collectionOf(Object entity) {
        String named = namedCollection();
        return named != null ? named : collectionNames.apply(ClassUtils.getUserClass(entity));
    }

    /**
     * The collection the call names for all it writes (a collection's name, or an entity class's collection), or null
     * when each entity goes into its own type's.
     */
    private String namedCollection() {
        if (args.length == 2 && args[1] instanceof String named) {
            return named;
        }
        if (args.length == 2 && args[1] instanceof Class<?> type) {
            return collectionNames.apply(type);
        }
        return null;
    }
}
