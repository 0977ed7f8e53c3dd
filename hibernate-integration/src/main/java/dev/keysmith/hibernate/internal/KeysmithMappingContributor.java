package dev.keysmith.hibernate.internal;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import dev.keysmith.hibernate.KeysmithMappingException;
import dev.keysmith.hibernate.KeysmithSequences;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.internal.AnnotatedAttribute;
import jakarta.persistence.GeneratedValue;
import java.lang.annotation.Annotation;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.hibernate.MappingException;
import org.hibernate.annotations.IdGeneratorType;
import org.hibernate.annotations.ValueGenerationType;
import org.hibernate.boot.ResourceStreamLocator;
import org.hibernate.boot.model.naming.Identifier;
import org.hibernate.boot.model.relational.Database;
import org.hibernate.boot.model.relational.Namespace;
import org.hibernate.boot.spi.AdditionalMappingContributions;
import org.hibernate.boot.spi.AdditionalMappingContributor;
import org.hibernate.boot.spi.InFlightMetadataCollector;
import org.hibernate.boot.spi.MetadataBuildingContext;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.engine.config.spi.ConfigurationService;
import org.hibernate.generator.Generator;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.Component;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.mapping.RootClass;
import org.hibernate.mapping.Selectable;
import org.hibernate.mapping.SimpleValue;

/**
 * Installs keysmith's generators on every entity id that carries one of its annotations, checks that each
 * annotation can work where it is (and that none sits where Hibernate cannot generate: a subclass's field, an
 * {@code @Embedded} component, an {@code @EmbeddedId} class), and registers what {@code @Sequence} needs: one
 * database sequence per counter, or the {@code keysmith_sequences} table on databases without sequences. Found by Hibernate through {@code ServiceLoader}; runs once per metadata build, after the
 * entities are bound.
 *
 * <p>Thread-safe (stateless; each build gets its own {@link FactoryGenerators}).
 */
public final class KeysmithMappingContributor implements AdditionalMappingContributor {

    /** keysmith's id annotations, in the order an attribute's are reported. */
    private static final List<Class<? extends Annotation>> ID_ANNOTATIONS =
            List.of(GeneratedObjectId.class, Sequence.class, UuidId.class, RandomId.class);
    private static final Set<Class<?>> SEQUENCE_TYPES = Set.of(long.class, Long.class, int.class, Integer.class);
    private static final Set<Class<?>> RANDOM_TYPES = Set.of(long.class, Long.class);
    private static final Set<Class<?>> UUID_TYPES = Set.of(UUID.class, String.class);
    private static final int OBJECT_ID_HEX_LENGTH = 24;
    private static final int UUID_TEXT_LENGTH = 36;
    private static final int MAX_RANDOM_DIGITS = 18;

    private static final String CONTRIBUTOR = "keysmith";

    @Override
    public String getContributorName() {
        return CONTRIBUTOR;
    }

    @Override
    public void contribute(AdditionalMappingContributions contributions, InFlightMetadataCollector metadata,
            ResourceStreamLocator resources, MetadataBuildingContext context) {
        Dialect dialect = metadata.getDatabase().getDialect();
        Map<String, Object> settings = context.getBootstrapContext().getServiceRegistry()
                .requireService(ConfigurationService.class).getSettings();
        Sequences sequences = new Sequences(new FactoryGenerators(AllocatorSettings.of(settings)), new HashMap<>(),
                new HashMap<>(), nativeStore(settings, dialect), metadata.getDatabase(), dialect);
        for (PersistentClass entity : metadata.getEntityBindings()) {
            Class<?> mappedClass = entity.getMappedClass();
            if (mappedClass == null) {
                continue;
            }
            Optional<String> parameterOnly = AnnotatedAttribute.onConstructorParametersOnly(mappedClass,
                    ID_ANNOTATIONS, "Hibernate");
            if (parameterOnly.isPresent()) {
                throw new KeysmithMappingException(entityName(entity), entity.getIdentifierProperty() == null
                        ? "<constructor>" : entity.getIdentifierProperty().getName(), parameterOnly.get());
            }
            if (entity instanceof RootClass) {
                for (AnnotatedAttribute attribute : AnnotatedAttribute.of(mappedClass, ID_ANNOTATIONS)) {
                    install(entity, attribute, sequences, dialect);
                }
                if (entity.getIdentifier() instanceof Component id) {
                    rejectInside(entity, id, "the @EmbeddedId class", "composite ids (@EmbeddedId, @IdClass) are "
                            + "not supported; use a single-column @Id");
                }
            } else {
                rejectOnSubclass(entity, mappedClass);
            }
            for (Property property : entity.getProperties()) {
                if (property.getValue() instanceof Component component) {
                    rejectInside(entity, component, "the @Embedded component '" + property.getName() + "'",
                            "Hibernate generates only an entity's @Id; move it to the @Id of an entity");
                }
            }
        }
        if (!sequences.declared().isEmpty() && !sequences.nativeStore()) {
            contributions.contributeEntity(KeysmithSequenceRow.class);
        }
    }

    /**
     * Native sequences unless the dialect has none or {@link KeysmithSequences#STORE_PROPERTY} says {@code table}.
     */
    private static boolean nativeStore(Map<String, Object> settings, Dialect dialect) {
        Object setting = settings.get(KeysmithSequences.STORE_PROPERTY);
        String store = setting == null ? "" : setting.toString().trim().toLowerCase(Locale.ROOT);
        boolean hasSequences = dialect.getSequenceSupport().supportsSequences();
        switch (store) {
            case "", "native" -> {
                if (store.equals("native") && !hasSequences) {
                    throw new MappingException("[keysmith] " + KeysmithSequences.STORE_PROPERTY + " = native, but "
                            + dialect.getClass().getSimpleName() + " has no sequences; use table (the default there)");
                }
                return hasSequences;
            }
            case "table" -> {
                return false;
            }
            default -> throw new MappingException("[keysmith] " + KeysmithSequences.STORE_PROPERTY + " = '" + setting
                    + "' is not a store; use native (database sequences) or table (" + KeysmithSequences.TABLE + ")");
        }
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
        for (Property property : component.getProperties()) {
            if (property.getValue() instanceof Component nested) {
                rejectInside(entity, nested, where, fix);
            }
        }
    }

    private static void install(PersistentClass entity, AnnotatedAttribute attribute, Sequences sequences,
            Dialect dialect) {
        SimpleValue id = singleColumnId(entity, attribute);
        Annotation annotation = attribute.annotations().get(0);
        Supplier<? extends Generator> generator;
        if (annotation instanceof GeneratedObjectId) {
            generator = objectIds(entity, attribute, id, dialect, sequences.factories());
        } else if (annotation instanceof UuidId uuid) {
            generator = uuids(entity, attribute, uuid, id, dialect);
        } else if (annotation instanceof Sequence sequence) {
            generator = sequence(entity, attribute, sequence, sequences);
        } else {
            generator = randomIds(entity, attribute, (RandomId) annotation);
        }
        GeneratorCreatorBridge.install(id, generator);
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
            if (type.isAnnotationPresent(IdGeneratorType.class) || type.isAnnotationPresent(ValueGenerationType.class)) {
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

    private static Supplier<ObjectIdIdGenerator> objectIds(PersistentClass entity, AnnotatedAttribute attribute,
            SimpleValue id, Dialect dialect, FactoryGenerators factories) {
        Class<?> type = attribute.type();
        // By name: ObjectId is in bson, which an application may exclude, so this class must load without it.
        if (!type.getName().equals(BsonSupport.OBJECT_ID) && type != String.class) {
            throw fail(entity, attribute, "@GeneratedObjectId needs an ObjectId or String id, but '"
                    + attribute.name() + "' is a " + type.getSimpleName()
                    + "; use @Sequence or @RandomId for numbers, @UuidId for UUIDs");
        }
        if (!BsonSupport.PRESENT) {
            throw fail(entity, attribute, "@GeneratedObjectId needs org.mongodb:bson on the classpath (it holds the "
                    + "ObjectId type); add the dependency org.mongodb:bson");
        }
        boolean hex = type == String.class;
        if (hex) {
            storeAsChar(id, OBJECT_ID_HEX_LENGTH, dialect);
        }
        return () -> new ObjectIdIdGenerator(factories, hex);
    }

    private static Supplier<UuidIdGenerator> uuids(PersistentClass entity, AnnotatedAttribute attribute, UuidId uuid,
            SimpleValue id, Dialect dialect) {
        requireType(entity, attribute, UUID_TYPES, "a UUID or String",
                "use @Sequence or @RandomId for numbers, @GeneratedObjectId for ObjectIds");
        boolean text = attribute.type() == String.class;
        if (text) {
            storeAsChar(id, UUID_TEXT_LENGTH, dialect);
        }
        UuidId.Version version = uuid.version();
        return () -> new UuidIdGenerator(version, text);
    }

    private static Supplier<SequenceIdGenerator> sequence(PersistentClass entity, AnnotatedAttribute attribute,
            Sequence sequence, Sequences sequences) {
        requireType(entity, attribute, SEQUENCE_TYPES, "a long, Long, int or Integer",
                "use @UuidId or @GeneratedObjectId for String ids");
        SequenceSpec spec = sequenceSpec(entity, attribute, sequence);
        Declared earlier = sequences.declared().get(spec.name());
        if (earlier != null && !earlier.spec().equals(spec)) {
            throw fail(entity, attribute, "@Sequence(name = \"" + spec.name() + "\") is declared as " + spec
                    + " here but as " + earlier.spec() + " on " + earlier.entity() + "."
                    + earlier.attribute().name() + "; entities sharing a sequence must declare the same settings"
                    + " and id type");
        }
        Declared declared = earlier != null ? earlier : new Declared(entityName(entity), attribute, spec,
                sequences.nativeStore() ? registerSequences(entity, attribute, spec, sequences) : null);
        sequences.declared().putIfAbsent(spec.name(), declared);
        FactoryGenerators factories = sequences.factories();
        return () -> new SequenceIdGenerator(spec, factories, declared.nativeSequences());
    }

    /**
     * Registers the database sequences of {@code spec} in the model's default namespace, so that schema export,
     * update and validation handle them like Hibernate's own; checks their names' length and that no other counter
     * has them.
     */
    private static NativeSequences registerSequences(PersistentClass entity, AnnotatedAttribute attribute,
            SequenceSpec spec, Sequences sequences) {
        Namespace namespace = sequences.database().getDefaultNamespace();
        int maxLength = sequences.dialect().getMaxIdentifierLength();
        Map<String, NativeSequences.Declared> byCounter = new HashMap<>();
        for (int i = 0; i < spec.counters(); i++) {
            String name = KeysmithSequences.sequenceName(spec.name(), spec.counters(), i);
            if (name.length() > maxLength) {
                throw fail(entity, attribute, "@Sequence(name = \"" + spec.name() + "\") gives the database sequence "
                        + name + ", " + name.length() + " characters, but " + sequences.dialect().getClass()
                        .getSimpleName() + " allows at most " + maxLength + "; choose a shorter name");
            }
            String clash = sequences.sequenceOwners().putIfAbsent(name, spec.name());
            Identifier logical = Identifier.toIdentifier(name);
            if (clash != null || namespace.locateSequence(logical) != null) {
                throw fail(entity, attribute, "@Sequence(name = \"" + spec.name() + "\") needs the database sequence "
                        + name + ", which " + (clash != null ? "@Sequence(name = \"" + clash + "\") needs too"
                        : "another generator of the model declares") + "; rename one of them");
            }
            org.hibernate.boot.model.relational.Sequence registered = namespace.createSequence(logical,
                    physical -> new org.hibernate.boot.model.relational.Sequence(CONTRIBUTOR,
                            namespace.getPhysicalName().getCatalog(), namespace.getPhysicalName().getSchema(),
                            physical, 1, spec.batch()));
            byCounter.put(spec.counterName(i), new NativeSequences.Declared(registered.getName(), spec.batch()));
        }
        return new NativeSequences(byCounter);
    }

    private static Supplier<RandomIdIdGenerator> randomIds(PersistentClass entity, AnnotatedAttribute attribute,
            RandomId random) {
        requireType(entity, attribute, RANDOM_TYPES, "a long or Long",
                "use @Sequence for int ids, @UuidId or @GeneratedObjectId for String ids");
        int digits = random.digits();
        int attempts = random.attempts();
        if (digits < 1 || digits > MAX_RANDOM_DIGITS) {
            throw fail(entity, attribute, "@RandomId(digits = " + digits + ") is out of range; digits must be "
                    + "between 1 and " + MAX_RANDOM_DIGITS + " (19 digits overflow a long)");
        }
        if (attempts < 1) {
            throw fail(entity, attribute, "@RandomId(attempts = " + attempts + ") must be at least 1");
        }
        String hibernateName = entity.getEntityName();
        return () -> new RandomIdIdGenerator(hibernateName, digits, attempts);
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

    /**
     * Text ids of a fixed length go into {@code char(n)} rather than the default {@code varchar(255)}. Hibernate has
     * resolved the id's JDBC type when contributors run, so the column gets an explicit DDL type instead (unless the
     * user gave one with {@code @Column(columnDefinition = ...)}); the value is still bound as a string. Schema
     * validation accepts an explicit type whose name is the one the database reports, which PostgreSQL spells
     * {@code bpchar}.
     */
    private static void storeAsChar(SimpleValue id, int length, Dialect dialect) {
        String typeName = dialect instanceof PostgreSQLDialect ? "bpchar" : "char";
        for (Selectable selectable : id.getSelectables()) {
            if (selectable instanceof Column column && column.getSqlType() == null) {
                column.setLength(length);
                column.setSqlType(typeName + "(" + length + ")");
            }
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
    private record Declared(String entity, AnnotatedAttribute attribute, SequenceSpec spec,
            NativeSequences nativeSequences) {
    }

    /** What the sequences of one metadata build share. */
    private record Sequences(FactoryGenerators factories, Map<String, Declared> declared,
            Map<String, String> sequenceOwners, boolean nativeStore, Database database, Dialect dialect) {
    }
}
