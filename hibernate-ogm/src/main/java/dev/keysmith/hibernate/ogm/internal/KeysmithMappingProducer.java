package dev.keysmith.hibernate.ogm.internal;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import dev.keysmith.hibernate.ogm.KeysmithMappingException;
import dev.keysmith.runtime.RandomIdGenerator;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.internal.AnnotatedAttribute;
import java.lang.annotation.Annotation;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import javax.persistence.GeneratedValue;
import org.bson.types.ObjectId;
import org.hibernate.annotations.GenericGenerator;
import org.hibernate.annotations.ValueGenerationType;
import org.hibernate.boot.jaxb.internal.MappingBinder;
import org.hibernate.boot.model.source.internal.hbm.MappingDocument;
import org.hibernate.boot.spi.AdditionalJaxbMappingProducer;
import org.hibernate.boot.spi.MetadataBuildingContext;
import org.hibernate.boot.spi.MetadataImplementor;
import org.hibernate.mapping.Component;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.mapping.RootClass;
import org.hibernate.mapping.SimpleValue;
import org.jboss.jandex.IndexView;

/**
 * Installs keysmith's generators on every entity id that carries one of its annotations and checks that each
 * annotation can work where it is. Hibernate ORM 5.3 has no mapping contributor; this is its closest equivalent:
 * found through {@code ServiceLoader}, called once per metadata build after the entities are bound and their
 * second passes ran, with the bindings still open to change. It adds no mapping document.
 *
 * <p>Per id it sets the generator strategy (one of the {@code *IdGenerator} classes of this package, with the
 * annotation's values as parameters) and, where the stored type differs from OGM's default, the id's type: String
 * ObjectIds get OGM's {@code objectid} type; UUIDs get {@link UuidBinaryType} or {@link UuidTextBinaryType}, which
 * {@link KeysmithMongoDBDialect} stores as BSON binary subtype 4.
 *
 * <p>Thread-safe (stateless).
 */
public final class KeysmithMappingProducer implements AdditionalJaxbMappingProducer {

    /** keysmith's id annotations, in the order an attribute's are reported. */
    private static final List<Class<? extends Annotation>> ID_ANNOTATIONS =
            List.of(GeneratedObjectId.class, Sequence.class, UuidId.class, RandomId.class);
    private static final Set<Class<?>> SEQUENCE_TYPES = Set.of(long.class, Long.class, int.class, Integer.class);
    private static final Set<Class<?>> RANDOM_TYPES = Set.of(long.class, Long.class);
    private static final Set<Class<?>> UUID_TYPES = Set.of(UUID.class, String.class);
    /** OGM's MongoDB type for a String stored as an ObjectId (registered by its MongoDBTypeContributor). */
    private static final String OGM_STRING_AS_OBJECT_ID = "objectid";

    @Override
    public Collection<MappingDocument> produceAdditionalMappings(MetadataImplementor metadata, IndexView jandexIndex,
            MappingBinder mappingBinder, MetadataBuildingContext buildingContext) {
        Map<String, Declared> declaredSequences = new HashMap<>();
        for (PersistentClass entity : metadata.getEntityBindings()) {
            Class<?> mappedClass = entity.getMappedClass();
            if (mappedClass == null) {
                continue;
            }
            if (entity instanceof RootClass) {
                for (AnnotatedAttribute attribute : AnnotatedAttribute.of(mappedClass, ID_ANNOTATIONS)) {
                    install(entity, attribute, declaredSequences);
                }
                if (entity.getIdentifier() instanceof Component id) {
                    rejectInside(entity, id, "the @EmbeddedId class", "composite ids (@EmbeddedId, @IdClass) are "
                            + "not supported; use a single-column @Id");
                }
            } else {
                rejectOnSubclass(entity, mappedClass);
            }
            Iterator<?> properties = entity.getPropertyIterator();
            while (properties.hasNext()) {
                Property property = (Property) properties.next();
                if (property.getValue() instanceof Component component) {
                    rejectInside(entity, component, "the @Embedded component '" + property.getName() + "'",
                            "Hibernate generates only an entity's @Id; move it to the @Id of an entity");
                }
            }
        }
        return List.of();
    }

    /** A subclass entity cannot have an id of its own: any keysmith annotation but on the root's id is an error. */
    private static void rejectOnSubclass(PersistentClass entity, Class<?> mappedClass) {
        Property rootId = entity.getRootClass().getIdentifierProperty();
        for (AnnotatedAttribute attribute : AnnotatedAttribute.of(mappedClass, ID_ANNOTATIONS)) {
            if (rootId == null || !rootId.getName().equals(attribute.name())) {
                throw fail(entity, attribute, strategy(attribute) + " works only on the @Id of an entity, and '"
                        + attribute.name() + "' is a field of the subclass entity " + entityName(entity)
                        + ", which shares the id of " + entityName(entity.getRootClass())
                        + "; put the annotation on that @Id");
            }
        }
    }

    /** Keysmith annotations inside a component (and the components nested in it) are boot errors. */
    private static void rejectInside(PersistentClass entity, Component component, String where, String fix) {
        Class<?> type = component.getComponentClass();
        if (type != null) {
            for (AnnotatedAttribute attribute : AnnotatedAttribute.of(type, ID_ANNOTATIONS)) {
                throw new KeysmithMappingException(entityName(entity), attribute.name(), strategy(attribute)
                        + " sits on '" + attribute.name() + "' of " + type.getSimpleName() + ", inside " + where
                        + ", where Hibernate cannot generate a value; " + fix);
            }
        }
        Iterator<?> properties = component.getPropertyIterator();
        while (properties.hasNext()) {
            if (((Property) properties.next()).getValue() instanceof Component nested) {
                rejectInside(entity, nested, where, fix);
            }
        }
    }

    private static void install(PersistentClass entity, AnnotatedAttribute attribute,
            Map<String, Declared> declaredSequences) {
        SimpleValue id = singleColumnId(entity, attribute);
        Annotation annotation = attribute.annotations().get(0);
        Properties parameters;
        Class<?> generator;
        if (annotation instanceof GeneratedObjectId) {
            parameters = objectIds(entity, attribute, id);
            generator = ObjectIdIdGenerator.class;
        } else if (annotation instanceof UuidId uuid) {
            parameters = uuids(entity, attribute, uuid, id);
            generator = UuidIdGenerator.class;
        } else if (annotation instanceof Sequence sequence) {
            parameters = sequence(entity, attribute, sequence, declaredSequences);
            generator = SequenceIdGenerator.class;
        } else {
            parameters = randomIds(entity, attribute, (RandomId) annotation);
            generator = RandomIdIdGenerator.class;
        }
        parameters.setProperty(KeysmithGenerator.ATTRIBUTE, attribute.name());
        parameters.setProperty(KeysmithGenerator.ENTITY, entityName(entity));
        id.setIdentifierGeneratorStrategy(generator.getName());
        id.setIdentifierGeneratorProperties(parameters);
        // As with @GeneratedValue: a null (or, for primitives, 0) id marks a new entity.
        id.setNullValue(null);
    }

    /** Checks that the annotation sits alone on a single-column {@code @Id} without {@code @GeneratedValue}. */
    private static SimpleValue singleColumnId(PersistentClass entity, AnnotatedAttribute attribute) {
        String strategy = strategy(attribute);
        if (attribute.annotations().size() > 1) {
            throw fail(entity, attribute, "carries " + attribute.annotations().stream()
                    .map(a -> "@" + a.annotationType().getSimpleName()).collect(Collectors.joining(" and "))
                    + "; an id has one strategy, keep one of them");
        }
        Property idProperty = entity.getIdentifierProperty();
        if (idProperty == null || entity.hasEmbeddedIdentifier()
                || !(entity.getIdentifier() instanceof SimpleValue id) || id.getColumnSpan() != 1) {
            throw fail(entity, attribute, strategy + " needs a single-column @Id; composite ids (@EmbeddedId, "
                    + "@IdClass) are not supported");
        }
        if (!idProperty.getName().equals(attribute.name())) {
            throw fail(entity, attribute, strategy + " works only on the entity's @Id attribute, but its @Id is '"
                    + idProperty.getName() + "'; move it to the @Id");
        }
        for (Annotation other : attribute.otherAnnotations()) {
            Class<? extends Annotation> type = other.annotationType();
            if (type == GenericGenerator.class || type.isAnnotationPresent(ValueGenerationType.class)) {
                throw fail(entity, attribute, strategy + " is the id's generator, so it cannot be combined with @"
                        + type.getSimpleName() + ", another generator; remove one of them");
            }
        }
        if (attribute.has(GeneratedValue.class)) {
            throw fail(entity, attribute, strategy + " is the id's generator, so it cannot be combined with "
                    + "@GeneratedValue; remove @GeneratedValue");
        }
        return id;
    }

    private static Properties objectIds(PersistentClass entity, AnnotatedAttribute attribute, SimpleValue id) {
        Class<?> type = attribute.type();
        if (type != ObjectId.class && type != String.class) {
            throw fail(entity, attribute, "@GeneratedObjectId needs an ObjectId or String id, but '"
                    + attribute.name() + "' is a " + type.getSimpleName()
                    + "; use @Sequence or @RandomId for numbers, @UuidId for UUIDs");
        }
        boolean hex = type == String.class;
        if (hex) {
            id.setTypeName(OGM_STRING_AS_OBJECT_ID);
        }
        return ObjectIdIdGenerator.parameters(hex);
    }

    private static Properties uuids(PersistentClass entity, AnnotatedAttribute attribute, UuidId uuid,
            SimpleValue id) {
        requireType(entity, attribute, UUID_TYPES, "a UUID or String",
                "use @Sequence or @RandomId for numbers, @GeneratedObjectId for ObjectIds");
        boolean text = attribute.type() == String.class;
        id.setTypeName(text ? UuidTextBinaryType.class.getName() : UuidBinaryType.class.getName());
        return UuidIdGenerator.parameters(uuid.version(), text);
    }

    private static Properties sequence(PersistentClass entity, AnnotatedAttribute attribute, Sequence sequence,
            Map<String, Declared> declaredSequences) {
        requireType(entity, attribute, SEQUENCE_TYPES, "a long, Long, int or Integer",
                "use @UuidId or @GeneratedObjectId for String ids");
        SequenceSpec spec = sequenceSpec(entity, attribute, sequence);
        Declared earlier = declaredSequences.putIfAbsent(spec.name(),
                new Declared(entityName(entity), attribute, spec));
        if (earlier != null && !earlier.spec().equals(spec)) {
            throw fail(entity, attribute, "@Sequence(name = \"" + spec.name() + "\") is declared as " + spec
                    + " here but as " + earlier.spec() + " on " + earlier.entity() + "."
                    + earlier.attribute().name() + "; entities sharing a sequence must declare the same settings"
                    + " and id type");
        }
        return SequenceIdGenerator.parameters(spec);
    }

    private static Properties randomIds(PersistentClass entity, AnnotatedAttribute attribute, RandomId random) {
        requireType(entity, attribute, RANDOM_TYPES, "a long or Long",
                "use @Sequence for int ids, @UuidId or @GeneratedObjectId for String ids");
        int digits = random.digits();
        int attempts = random.attempts();
        if (digits < 1 || digits > RandomIdGenerator.MAX_DIGITS) {
            throw fail(entity, attribute, "@RandomId(digits = " + digits + ") is out of range; digits must be "
                    + "between 1 and " + RandomIdGenerator.MAX_DIGITS + " (19 digits overflow a long)");
        }
        if (attempts < 1) {
            throw fail(entity, attribute, "@RandomId(attempts = " + attempts + ") must be at least 1");
        }
        return RandomIdIdGenerator.parameters(digits, attempts);
    }

    private static SequenceSpec sequenceSpec(PersistentClass entity, AnnotatedAttribute attribute, Sequence sequence) {
        String name = sequence.name().isBlank() ? entityName(entity) : sequence.name();
        boolean intId = attribute.type() == int.class || attribute.type() == Integer.class;
        try {
            return new SequenceSpec(name, sequence.batch(), sequence.prefetch(), sequence.counters(),
                    sequence.digits(), sequence.start(), intId);
        } catch (IllegalArgumentException e) {
            throw new KeysmithMappingException(entityName(entity), attribute.name(),
                    "@Sequence values do not fit: " + e.getMessage(), e);
        }
    }

    private static void requireType(PersistentClass entity, AnnotatedAttribute attribute, Set<Class<?>> allowed,
            String expected, String alternative) {
        if (!allowed.contains(attribute.type())) {
            throw fail(entity, attribute, strategy(attribute) + " needs " + expected + " id, but '" + attribute.name()
                    + "' is a " + attribute.type().getSimpleName() + "; " + alternative);
        }
    }

    private static String strategy(AnnotatedAttribute attribute) {
        return "@" + attribute.annotations().get(0).annotationType().getSimpleName();
    }

    private static String entityName(PersistentClass entity) {
        return entity.getJpaEntityName() != null ? entity.getJpaEntityName() : entity.getEntityName();
    }

    private static KeysmithMappingException fail(PersistentClass entity, AnnotatedAttribute attribute,
            String problem) {
        return new KeysmithMappingException(entityName(entity), attribute.name(), problem);
    }

    /** Where a sequence was first declared, to report a second declaration with other settings. */
    private record Declared(String entity, AnnotatedAttribute attribute, SequenceSpec spec) {
    }
}
