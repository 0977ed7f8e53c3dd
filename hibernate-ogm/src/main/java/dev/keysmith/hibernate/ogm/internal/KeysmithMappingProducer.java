package dev.keysmith.hibernate.ogm.internal;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import dev.keysmith.runtime.internal.AnnotatedAttribute;
import dev.keysmith.runtime.internal.JpaIds;
import java.lang.annotation.Annotation;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import javax.persistence.GeneratedValue;
import org.hibernate.annotations.GenericGenerator;
import org.hibernate.annotations.ValueGenerationType;
import org.hibernate.boot.jaxb.internal.MappingBinder;
import org.hibernate.boot.model.source.internal.hbm.MappingDocument;
import org.hibernate.boot.spi.AdditionalJaxbMappingProducer;
import org.hibernate.boot.spi.MetadataBuildingContext;
import org.hibernate.boot.spi.MetadataImplementor;
import org.hibernate.mapping.Component;
import org.hibernate.mapping.PersistentClass;
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

    /** OGM's MongoDB type for a String stored as an ObjectId (registered by its MongoDBTypeContributor). */
    private static final String OGM_STRING_AS_OBJECT_ID = "objectid";

    @Override
    public Collection<MappingDocument> produceAdditionalMappings(MetadataImplementor metadata, IndexView jandexIndex,
            MappingBinder mappingBinder, MetadataBuildingContext buildingContext) {
        JpaIds<PersistentClass, Component> ids = new JpaIds<>(OgmBindings.INSTANCE, other -> {
            Class<? extends Annotation> type = other.annotationType();
            return type == GeneratedValue.class || type == GenericGenerator.class
                    || type.isAnnotationPresent(ValueGenerationType.class);
        });
        for (PersistentClass entity : metadata.getEntityBindings()) {
            ids.check(entity).forEach(KeysmithMappingProducer::install);
        }
        return List.of();
    }

    private static void install(JpaIds.Id<PersistentClass> checked) {
        SimpleValue id = (SimpleValue) checked.entity().getIdentifier();
        AnnotatedAttribute attribute = checked.attribute();
        Annotation annotation = checked.annotation();
        boolean text = attribute.type() == String.class;
        Properties parameters;
        Class<?> generator;
        if (annotation instanceof GeneratedObjectId) {
            if (text) {
                id.setTypeName(OGM_STRING_AS_OBJECT_ID);
            }
            parameters = ObjectIdIdGenerator.parameters(text);
            generator = ObjectIdIdGenerator.class;
        } else if (annotation instanceof UuidId uuid) {
            id.setTypeName(text ? UuidTextBinaryType.class.getName() : UuidBinaryType.class.getName());
            parameters = UuidIdGenerator.parameters(uuid.version(), text);
            generator = UuidIdGenerator.class;
        } else if (annotation instanceof Sequence) {
            parameters = SequenceIdGenerator.parameters(checked.sequence());
            generator = SequenceIdGenerator.class;
        } else {
            RandomId random = (RandomId) annotation;
            parameters = RandomIdIdGenerator.parameters(random.digits(), random.attempts());
            generator = RandomIdIdGenerator.class;
        }
        parameters.setProperty(KeysmithGenerator.ATTRIBUTE, attribute.name());
        parameters.setProperty(KeysmithGenerator.ENTITY, checked.entityName());
        id.setIdentifierGeneratorStrategy(generator.getName());
        id.setIdentifierGeneratorProperties(parameters);
        // As with @GeneratedValue: a null (or, for primitives, 0) id marks a new entity.
        id.setNullValue(null);
    }
}
