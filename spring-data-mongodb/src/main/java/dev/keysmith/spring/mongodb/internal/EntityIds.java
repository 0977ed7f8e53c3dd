package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.codec.IdStrategy;
import dev.keysmith.runtime.internal.AnnotatedAttribute;
import dev.keysmith.runtime.internal.IdAnnotations;
import dev.keysmith.runtime.internal.IdRules;
import dev.keysmith.spring.mongodb.KeysmithMappingException;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.bson.UuidRepresentation;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;
import org.springframework.data.mongodb.core.mapping.MongoPersistentEntity;
import org.springframework.data.mongodb.core.mapping.MongoPersistentProperty;
import org.springframework.util.ClassUtils;

/**
 * The {@link IdAssignment} of each entity type, read from its Spring Data mapping once and checked: the
 * annotation sits on the {@code @Id} property, fits its type and has values in range, and a sequence shared by
 * several entities is declared alike.
 *
 * <p>Thread-safe.
 */
public final class EntityIds {


    private final MongoMappingContext mappingContext;
    private final IdGenerators ids;
    private final Supplier<UuidRepresentation> uuidRepresentation;
    private final Map<Class<?>, IdAssignment> byType = new ConcurrentHashMap<>();

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

    /** The assignment of {@code entity}'s class (its user class, when it is a proxy), as {@link #forType}. */
    public IdAssignment forEntity(Object entity) {
        return forType(ClassUtils.getUserClass(entity));
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

    /** The sequences opened so far (by these entities, or by anything else that shares the generators). */
    public Collection<SequenceAllocator> sequences() {
        return ids.sequences();
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
            if (property.isEntity() && !property.isAssociation() && !property.isDbReference()) {
                rejectInside(entity, property);
            }
        });
        if (annotated.isEmpty()) {
            Optional<String> parameterOnly = AnnotatedAttribute.onConstructorParametersOnly(type, IdAnnotations.ALL,
                    "Spring Data");
            if (parameterOnly.isPresent()) {
                MongoPersistentProperty id = entity.getIdProperty();
                throw new KeysmithMappingException(type, id == null ? "<constructor>" : id.getName(),
                        parameterOnly.get());
            }
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
        List<IdRules.Violation> broken = IdAnnotations.check(annotations, id.getName(), id.getType());
        if (!broken.isEmpty()) {
            throw fail(entity, id, broken.get(0).text());
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
        RandomId random = (RandomId) annotation;
        int digits = random.digits();
        return new IdAssignment(entity, id, IdStrategy.RANDOM, () -> ids.randomId(digits), random.attempts());
    }

    private IdAssignment sequence(MongoPersistentEntity<?> entity, MongoPersistentProperty id, Sequence sequence) {
        SequenceAllocator allocator;
        try {
            allocator = ids.sequence(IdAnnotations.sequenceSpec(sequence, entity.getCollection(), id.getType()));
        } catch (IllegalArgumentException e) {
            throw new KeysmithMappingException(entity.getType(), id.getName(), e.getMessage(), e);
        }
        Supplier<Object> values = () -> IdAssignment.sequenceValue(allocator, allocator.next());
        return new IdAssignment(entity, id, IdStrategy.SEQUENCE, values, 1, allocator);
    }

    private IdAssignment uuid(MongoPersistentEntity<?> entity, MongoPersistentProperty id, UuidId uuid) {
        if (id.getType() == String.class) {
            throw fail(entity, id, "@UuidId needs a java.util.UUID id with Spring Data MongoDB, but '" + id.getName()
                    + "' is a String, which Spring Data would store as text rather than binary subtype 4; make it"
                    + " a UUID");
        }
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
        // Spring Data stores a String id of 24 hex digits as an ObjectId and reads it back as the same text.
        Supplier<Object> values = id.getType() == String.class ? () -> ids.objectId().toHexString() : ids::objectId;
        return new IdAssignment(entity, id, IdStrategy.OBJECT_ID, values, 1);
    }

    /** An id annotation inside a nested document would never be used: a nested document has no generated id. */
    private static void rejectInside(MongoPersistentEntity<?> entity, MongoPersistentProperty property) {
        Class<?> nested = property.getActualType();
        for (AnnotatedAttribute attribute : AnnotatedAttribute.of(nested, IdAnnotations.ALL)) {
            throw fail(entity, property, "@" + attribute.annotations().get(0).annotationType().getSimpleName()
                    + " sits on '" + attribute.name() + "' of " + nested.getSimpleName() + ", a nested document,"
                    + " which keysmith gives no id; remove the annotation, or store " + nested.getSimpleName()
                    + " as an entity of its own");
        }
    }

    private static List<Annotation> annotationsOn(MongoPersistentProperty property) {
        List<Annotation> found = new ArrayList<>(1);
        for (Class<? extends Annotation> strategy : IdAnnotations.ALL) {
            Annotation annotation = property.findAnnotation(strategy);
            if (annotation != null) {
                found.add(annotation);
            }
        }
        return found;
    }

    private static KeysmithMappingException fail(MongoPersistentEntity<?> entity, MongoPersistentProperty property,
            String problem) {
        return new KeysmithMappingException(entity.getType(), property.getName(), problem);
    }
}
