package dev.keysmith.hibernate.internal;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import dev.keysmith.hibernate.KeysmithSequences;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.internal.AnnotatedAttribute;
import dev.keysmith.runtime.internal.JpaIds;
import jakarta.persistence.GeneratedValue;
import java.lang.annotation.Annotation;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
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

    private static final int OBJECT_ID_HEX_LENGTH = 24;
    private static final int UUID_TEXT_LENGTH = 36;

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
        JpaIds<PersistentClass, Component> ids = new JpaIds<>(HibernateBindings.INSTANCE,
                KeysmithMappingContributor::isOtherGenerator);
        for (PersistentClass entity : metadata.getEntityBindings()) {
            for (JpaIds.Id<PersistentClass> id : ids.check(entity)) {
                install(id, ids, sequences, dialect);
            }
        }
        // Quarkus binds it itself (its extension lists it at build time, where every entity must be known)
        if (sequences.declaredAny() && !sequences.nativeStore()
                && metadata.getEntityBinding(KeysmithSequenceRow.class.getName()) == null) {
            contributions.contributeEntity(KeysmithSequenceRow.class);
        }
    }

    /**
     * Whether {@code annotation} on an id is another generator: {@code @GeneratedValue}, or an annotation of
     * Hibernate's own generators ({@code @IdGeneratorType}, {@code @ValueGenerationType}). Public for the Quarkus
     * extension's build-time check, which applies the same rules.
     */
    public static boolean isOtherGenerator(Annotation annotation) {
        Class<? extends Annotation> type = annotation.annotationType();
        return type == GeneratedValue.class || type.isAnnotationPresent(IdGeneratorType.class)
                || type.isAnnotationPresent(ValueGenerationType.class);
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

    private static void install(JpaIds.Id<PersistentClass> id, JpaIds<PersistentClass, Component> ids,
            Sequences sequences, Dialect dialect) {
        SimpleValue value = (SimpleValue) id.entity().getIdentifier();
        Annotation annotation = id.annotation();
        Supplier<? extends Generator> generator;
        if (annotation instanceof GeneratedObjectId) {
            generator = objectIds(id, ids, value, dialect, sequences.factories());
        } else if (annotation instanceof UuidId uuid) {
            generator = uuids(id.attribute(), uuid, value, dialect);
        } else if (annotation instanceof Sequence) {
            generator = sequence(id, ids, sequences);
        } else {
            RandomId random = (RandomId) annotation;
            String hibernateName = id.entity().getEntityName();
            generator = () -> new RandomIdIdGenerator(hibernateName, random.digits(), random.attempts());
        }
        GeneratorCreatorBridge.install(value, generator);
    }

    private static Supplier<ObjectIdIdGenerator> objectIds(JpaIds.Id<PersistentClass> id,
            JpaIds<PersistentClass, Component> ids, SimpleValue value, Dialect dialect, FactoryGenerators factories) {
        if (!BsonSupport.PRESENT) {
            throw ids.fail(id, "@GeneratedObjectId needs org.mongodb:bson on the classpath "
                    + "(it holds the ObjectId type); add the dependency org.mongodb:bson");
        }
        boolean hex = id.attribute().type() == String.class;
        if (hex) {
            storeAsChar(value, OBJECT_ID_HEX_LENGTH, dialect);
        }
        return () -> new ObjectIdIdGenerator(factories, hex);
    }

    private static Supplier<UuidIdGenerator> uuids(AnnotatedAttribute attribute, UuidId uuid, SimpleValue id,
            Dialect dialect) {
        boolean text = attribute.type() == String.class;
        if (text) {
            storeAsChar(id, UUID_TEXT_LENGTH, dialect);
        }
        UuidId.Version version = uuid.version();
        return () -> new UuidIdGenerator(version, text);
    }

    private static Supplier<SequenceIdGenerator> sequence(JpaIds.Id<PersistentClass> id,
            JpaIds<PersistentClass, Component> ids, Sequences sequences) {
        SequenceSpec spec = id.sequence();
        if (id.firstDeclaration()) {
            sequences.declared().put(spec.name(),
                    sequences.nativeStore() ? registerSequences(id, ids, spec, sequences) : null);
        }
        NativeSequences nativeSequences = sequences.declared().get(spec.name());
        FactoryGenerators factories = sequences.factories();
        return () -> new SequenceIdGenerator(spec, factories, nativeSequences);
    }

    /**
     * Registers the database sequences of {@code spec} in the model's default namespace, so that schema export,
     * update and validation handle them like Hibernate's own; checks their names' length and that no other counter
     * has them.
     */
    private static NativeSequences registerSequences(JpaIds.Id<PersistentClass> id,
            JpaIds<PersistentClass, Component> ids, SequenceSpec spec, Sequences sequences) {
        Namespace namespace = sequences.database().getDefaultNamespace();
        int maxLength = sequences.dialect().getMaxIdentifierLength();
        Map<String, NativeSequences.Declared> byCounter = new HashMap<>();
        for (int i = 0; i < spec.counters(); i++) {
            String name = KeysmithSequences.sequenceName(spec.name(), spec.counters(), i);
            if (name.length() > maxLength) {
                throw ids.fail(id, "@Sequence(name = \"" + spec.name() + "\") gives the database sequence "
                        + name + ", " + name.length() + " characters, but " + sequences.dialect().getClass()
                        .getSimpleName() + " allows at most " + maxLength + "; choose a shorter name");
            }
            String clash = sequences.sequenceOwners().putIfAbsent(name, spec.name());
            Identifier logical = Identifier.toIdentifier(name);
            if (clash != null || namespace.locateSequence(logical) != null) {
                throw ids.fail(id, "@Sequence(name = \"" + spec.name() + "\") needs the database sequence "
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

    /** What a metadata build's sequences share; {@code declared} maps each sequence to its native sequences. */
    private record Sequences(FactoryGenerators factories, Map<String, NativeSequences> declared,
            Map<String, String> sequenceOwners, boolean nativeStore, Database database, Dialect dialect) {

        boolean declaredAny() {
            return !declared.isEmpty();
        }
    }
}
