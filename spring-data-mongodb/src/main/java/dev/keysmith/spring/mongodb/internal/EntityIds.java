package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.RandomIdGenerator;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.codec.IdStrategy;
import dev.keysmith.spring.mongodb.KeysmithMappingException;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.bson.UuidRepresentation;
import org.bson.types.ObjectId;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;
import org.springframework.data.mongodb.core.mapping.MongoPersistentEntity;
import org.springframework.data.mongodb.core.mapping.MongoPersistentProperty;

/**
 * The {@link IdAssignment} of each entity type, read from its Spring Data mapping once and checked: the
 * annotation sits on the {@code @Id} property, fits its type and has values in range, and a sequence shared by
 * several entities is declared alike.
 *
 * <p>Thread-safe.
 */
public final class EntityIds {

    private static final List<Class<? extends Annotation>> STRATEGIES =
            List.of(Sequence.class, UuidId.class, GeneratedObjectId.class, RandomId.class);
    private static final Set<Class<?>> SEQUENCE_TYPES = Set.of(long.class, Long.class, int.class, Integer.class);
    private static final Set<Class<?>> RANDOM_TYPES = Set.of(long.class, Long.class);

    private final MongoMappingContext mappingContext;
    private final IdGenerators ids;
    private final Supplier<UuidRepresentation> uuidRepresentation;
    private final Map<Class<?>, IdAssignment> byType = new ConcurrentHashMap<>();
    private final Map<String, SequenceAllocator> sequences = new ConcurrentHashMap<>();

    /**
     * @param uuidRepresentation how the application's client writes a {@code java.util.UUID}, or {@code null}
     *     when that cannot be told (a codec of the application's own)
     */
    public EntityIds(MongoMappingContext mappingContext, IdGenerators ids,
            Supplier<UuidRepresentation> uuidRepresentation) {
        this.mappingContext = mappingContext;
        this.ids = ids;
        this.uuidRepresentation = uuidRepresentation;
    }

    /**
     * The assignment of {@code type}: {@link IdAssignment#NONE} unless it is an entity with a keysmith id.
     *
     * @throws KeysmithMappingException naming the entity and the property when the mapping is wrong
     */
    public IdAssignment forType(Class<?> type) {
        IdAssignment known = byType.get(type);
        if (known != null) {
            return known;
        }
        return byType.computeIfAbsent(type, this::resolve);
    }

    /** Checks every entity the mapping context knows now; the first error is thrown, the others suppressed in it. */
    public void checkAll() {
        List<KeysmithMappingException> errors = new ArrayList<>();
        for (MongoPersistentEntity<?> entity : mappingContext.getPersistentEntities()) {
            try {
                forType(entity.getType());
            } catch (KeysmithMappingException e) {
                errors.add(e);
            }
        }
        if (!errors.isEmpty()) {
            KeysmithMappingException first = errors.get(0);
            errors.subList(1, errors.size()).forEach(first::addSuppressed);
            throw first;
        }
    }

    /**
     * The assignments of every {@code @Sequence} entity the mapping context knows now (entities whose mapping is
     * wrong are left to {@link #checkAll}).
     */
    public List<IdAssignment> sequenceEntities() {
        List<IdAssignment> found = new ArrayList<>();
        for (MongoPersistentEntity<?> entity : mappingContext.getPersistentEntities()) {
            try {
                IdAssignment assignment = forType(entity.getType());
                if (assignment.sequence() != null) {
                    found.add(assignment);
                }
            } catch (KeysmithMappingException e) {
                // reported by checkAll
            }
        }
        return found;
    }

    /** The sequences of the entities resolved so far, by name. */
    public Collection<SequenceAllocator> sequences() {
        return sequences.values();
    }

    private IdAssignment resolve(Class<?> type) {
        MongoPersistentEntity<?> entity = mappingContext.getPersistentEntity(type);
        if (entity == null) {
            return IdAssignment.NONE;
        }
        List<MongoPersistentProperty> annotated = new ArrayList<>();
        entity.doWithProperties((MongoPersistentProperty property) -> {
            if (!annotationsOn(property).isEmpty()) {
                annotated.add(property);
            }
        });
        if (annotated.isEmpty()) {
            return IdAssignment.NONE;
        }
        for (MongoPersistentProperty property : annotated) {
            if (!property.isIdProperty()) {
                MongoPersistentProperty id = entity.getIdProperty();
                throw fail(entity, property, "@" + annotationsOn(property).get(0).annotationType().getSimpleName()
                        + " works only on the entity's id, but " + (id == null ? type.getSimpleName()
                        + " has no id property" : "its id is '" + id.getName() + "'") + "; put it on the @Id field");
            }
        }
        MongoPersistentProperty id = annotated.get(0);
        List<Annotation> annotations = annotationsOn(id);
        if (annotations.size() > 1) {
            throw fail(entity, id, "an id takes one strategy, but it has " + annotations.stream()
                    .map(a -> "@" + a.annotationType().getSimpleName()).toList() + "; keep one");
        }
        Annotation annotation = annotations.get(0);
        if (annotation instanceof Sequence sequence) {
            return sequence(entity, id, sequence);
        }
        if (annotation instanceof UuidId uuid) {
            return uuid(entity, id, uuid);
        }
        if (annotation instanceof GeneratedObjectId) {
            return objectId(entity, id);
        }
        return random(entity, id, (RandomId) annotation);
    }

    private IdAssignment sequence(MongoPersistentEntity<?> entity, MongoPersistentProperty id, Sequence sequence) {
        requireType(entity, id, SEQUENCE_TYPES, "a long, Long, int or Integer",
                "use @UuidId or @GeneratedObjectId for other ids");
        boolean intId = id.getType() == int.class || id.getType() == Integer.class;
        if (sequence.start() == 0 && id.getType().isPrimitive()) {
            throw fail(entity, id, "@Sequence(start = 0) on a primitive " + id.getType() + ": 0 means \"no id yet\""
                    + " there (for keysmith and for Spring Data's isNew), so the id 0 would be replaced; start at 1,"
                    + " or make the id a " + (intId ? "Integer" : "Long"));
        }
        String name = sequence.name().isBlank() ? entity.getCollection() : sequence.name();
        SequenceAllocator allocator;
        try {
            allocator = ids.sequence(new SequenceSpec(name, sequence.batch(), sequence.prefetch(),
                    sequence.counters(), sequence.digits(), sequence.start(), intId));
        } catch (IllegalArgumentException e) {
            throw new KeysmithMappingException(entity.getType(), id.getName(), e.getMessage(), e);
        }
        sequences.putIfAbsent(name, allocator);
        Supplier<Object> values = intId ? () -> (int) allocator.next() : allocator::next;
        return new IdAssignment(entity, id, IdStrategy.SEQUENCE, values, 1, allocator);
    }

    private IdAssignment uuid(MongoPersistentEntity<?> entity, MongoPersistentProperty id, UuidId uuid) {
        if (id.getType() == String.class) {
            throw fail(entity, id, "@UuidId needs a java.util.UUID id with Spring Data MongoDB, but '" + id.getName()
                    + "' is a String, which Spring Data would store as text rather than binary subtype 4; make it"
                    + " a UUID");
        }
        requireType(entity, id, Set.of(UUID.class), "a java.util.UUID",
                "use @Sequence or @RandomId for numbers, @GeneratedObjectId for ObjectIds");
        UuidRepresentation representation = uuidRepresentation.get();
        if (representation != null && representation != UuidRepresentation.STANDARD) {
            throw fail(entity, id, "@UuidId ids are stored as binary subtype 4, but the application's MongoDB client"
                    + " writes UUIDs as " + representation + "; set spring.data.mongodb.uuid-representation=standard"
                    + " (Spring Boot 3) or spring.mongodb.representation.uuid=standard (Spring Boot 4)");
        }
        Supplier<Object> values = uuid.version() == UuidId.Version.TIME_ORDERED
                ? ids::timeOrderedUuid : ids::randomUuid;
        return new IdAssignment(entity, id, IdStrategy.UUID, values, 1);
    }

    private IdAssignment objectId(MongoPersistentEntity<?> entity, MongoPersistentProperty id) {
        requireType(entity, id, Set.of(ObjectId.class, String.class), "an ObjectId or String",
                "use @Sequence or @RandomId for numbers, @UuidId for UUIDs");
        // Spring Data stores a String id of 24 hex digits as an ObjectId and reads it back as the same text.
        Supplier<Object> values = id.getType() == String.class ? () -> ids.objectId().toHexString() : ids::objectId;
        return new IdAssignment(entity, id, IdStrategy.OBJECT_ID, values, 1);
    }

    private IdAssignment random(MongoPersistentEntity<?> entity, MongoPersistentProperty id, RandomId random) {
        requireType(entity, id, RANDOM_TYPES, "a long or Long",
                "use @Sequence for int ids, @UuidId or @GeneratedObjectId for other ids");
        int digits = random.digits();
        if (digits < 1 || digits > RandomIdGenerator.MAX_DIGITS) {
            throw fail(entity, id, "@RandomId(digits = " + digits + ") is out of range; digits must be between 1 and "
                    + RandomIdGenerator.MAX_DIGITS + " (19 digits overflow a long)");
        }
        if (random.attempts() < 1) {
            throw fail(entity, id, "@RandomId(attempts = " + random.attempts() + ") must be at least 1");
        }
        return new IdAssignment(entity, id, IdStrategy.RANDOM, () -> ids.randomId(digits), random.attempts());
    }

    private static List<Annotation> annotationsOn(MongoPersistentProperty property) {
        List<Annotation> found = new ArrayList<>(1);
        for (Class<? extends Annotation> strategy : STRATEGIES) {
            Annotation annotation = property.findAnnotation(strategy);
            if (annotation != null) {
                found.add(annotation);
            }
        }
        return found;
    }

    private static void requireType(MongoPersistentEntity<?> entity, MongoPersistentProperty id, Set<Class<?>> allowed,
            String expected, String alternative) {
        if (!allowed.contains(id.getType())) {
            throw fail(entity, id, "@" + annotationsOn(id).get(0).annotationType().getSimpleName() + " needs "
                    + expected + " id, but '" + id.getName() + "' is a " + id.getType().getSimpleName() + "; "
                    + alternative);
        }
    }

    private static KeysmithMappingException fail(MongoPersistentEntity<?> entity, MongoPersistentProperty property,
            String problem) {
        return new KeysmithMappingException(entity.getType(), property.getName(), problem);
    }
}
