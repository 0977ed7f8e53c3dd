package dev.keysmith.hibernate.ogm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import dev.keysmith.hibernate.ogm.model.Invoice;
import dev.keysmith.hibernate.ogm.model.Visit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import javax.persistence.Embeddable;
import javax.persistence.Embedded;
import javax.persistence.Entity;
import javax.persistence.GeneratedValue;
import javax.persistence.Id;
import org.hibernate.annotations.GenericGenerator;
import org.hibernate.ogm.datastore.map.impl.MapDatastoreProvider;
import org.hibernate.ogm.datastore.mongodb.MongoDBDialect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A mapping keysmith cannot serve fails when the EntityManagerFactory boots, with the message of the Hibernate ORM
 * route (keysmith-hibernate's KeysmithMappingContributor), naming the entity and the field.
 */
class BootFailureTest {

    @RegisterExtension
    final OgmTestSupport mongo = OgmTestSupport.start();

    @Entity
    public static class SequenceOnString {
        @Id
        @Sequence
        public String code;
    }

    @Entity
    public static class TooManyDigits {
        @Id
        @RandomId(digits = 19)
        public Long number;
    }

    @Entity
    public static class NotTheId {
        @Id
        public Long id;
        @UuidId
        public UUID reference;
    }

    @Entity
    public static class WithGeneratedValue {
        @Id
        @GeneratedValue
        @GeneratedObjectId
        public String id;
    }

    @Entity
    public static class TwoStrategies {
        @Id
        @Sequence
        @RandomId
        public Long id;
    }

    @Entity
    public static class StripedWithoutDigits {
        @Id
        @Sequence(counters = 4)
        public Long id;
    }

    @Entity
    public static class Parcel {
        @Id
        @Sequence
        public Long id;
    }

    @Entity
    public static class ExpressParcel extends Parcel {
        @UuidId
        public UUID tracking;
    }

    @Embeddable
    public static class Address {
        @RandomId
        public Long code;
        public String street;
    }

    @Entity
    public static class Customer {
        @Id
        @GeneratedObjectId
        public String id;
        @Embedded
        public Address address;
    }

    @Entity
    public static class WithGenericGenerator {
        @Id
        @UuidId
        @GenericGenerator(name = "uuid", strategy = "uuid2")
        public UUID id;
    }

    @Test
    void anAnnotationOnASubclassEntityField() {
        assertThat(bootFailure(Parcel.class, ExpressParcel.class)).hasMessage("[keysmith] "
                + "BootFailureTest$ExpressParcel.tracking: @UuidId works only on the @Id of an entity, and 'tracking' "
                + "is a field of the subclass entity BootFailureTest$ExpressParcel, which shares the id of "
                + "BootFailureTest$Parcel; put the annotation on that @Id");
    }

    @Test
    void anAnnotationInsideAnEmbeddedComponent() {
        assertThat(bootFailure(Customer.class)).hasMessage("[keysmith] BootFailureTest$Customer.code: @RandomId sits "
                + "on 'code' of Address, inside the @Embedded component 'address', where Hibernate cannot generate a "
                + "value; Hibernate generates only an entity's @Id; move it to the @Id of an entity");
    }

    @Test
    void combinedWithAnotherGenerator() {
        assertThat(bootFailure(WithGenericGenerator.class)).hasMessage("[keysmith] BootFailureTest$WithGenericGenerator"
                + ".id: @UuidId is the id's generator, so it cannot be combined with @GenericGenerator, another "
                + "generator; remove @GenericGenerator");
    }

    @Test
    void sequenceOnAStringNamesTheFieldAndTheFix() {
        assertThat(bootFailure(SequenceOnString.class)).hasMessage("[keysmith] BootFailureTest$SequenceOnString.code: "
                + "@Sequence needs a long, Long, int or Integer field, but 'code' is a String; use @UuidId or "
                + "@GeneratedObjectId for String ids");
    }

    @Test
    void randomIdWithNineteenDigits() {
        assertThat(bootFailure(TooManyDigits.class)).hasMessage("[keysmith] BootFailureTest$TooManyDigits.number: "
                + "@RandomId(digits = 19) is out of range: digits must be between 1 and 18, because 19 digits overflow"
                + " long");
    }

    @Test
    void anAnnotationOffTheId() {
        assertThat(bootFailure(NotTheId.class)).hasMessage("[keysmith] BootFailureTest$NotTheId.reference: @UuidId "
                + "works only on the entity's @Id attribute, but its @Id is 'id'; move it to the @Id");
    }

    @Test
    void combinedWithGeneratedValue() {
        assertThat(bootFailure(WithGeneratedValue.class)).hasMessageContaining("WithGeneratedValue.id: "
                + "@GeneratedObjectId is the id's generator, so it cannot be combined with @GeneratedValue");
    }

    @Test
    void twoStrategiesOnOneId() {
        assertThat(bootFailure(TwoStrategies.class)).hasMessageEndingWith("TwoStrategies.id: 'id' carries both "
                + "@Sequence and @RandomId; an id has exactly one strategy, keep one annotation");
    }

    @Test
    void sequenceValuesThatDoNotFit() {
        assertThat(bootFailure(StripedWithoutDigits.class)).hasMessageStartingWith("[keysmith] "
                + "BootFailureTest$StripedWithoutDigits.id: @Sequence(counters = 4) needs digits");
    }

    @Test
    void uuidIdWithAGridDialectThatStoresUuidsAsStrings() {
        KeysmithMappingException failure = bootFailure(Visit.class, MongoDBDialect.class.getName());

        assertThat(failure.entity()).isEqualTo("Visit");
        assertThat(failure.attribute()).isEqualTo("id");
        assertThat(failure).hasMessageContaining("@UuidId stores its id as BSON binary subtype 4")
                .hasMessageContaining("the grid dialect is " + MongoDBDialect.class.getName());
    }

    @Test
    void aSequenceOnADatastoreThatIsNotMongoDb() {
        KeysmithMappingException failure = bootFailure(
                settings -> settings.put("hibernate.ogm.datastore.provider", MapDatastoreProvider.class.getName()),
                Invoice.class);

        assertThat(failure).hasMessage("[keysmith] Invoice.number: @Sequence keeps its state in MongoDB, so "
                + "keysmith-hibernate-ogm needs OGM's MongoDB datastore, but this persistence unit's datastore is "
                + MapDatastoreProvider.class.getName() + "; set hibernate.ogm.datastore.provider to mongodb, or use "
                + "keysmith-hibernate for Hibernate ORM");
    }

    private KeysmithMappingException bootFailure(Class<?>... entities) {
        return bootFailure(settings -> { }, entities);
    }

    private KeysmithMappingException bootFailure(Class<?> entity, String gridDialect) {
        return bootFailure(settings -> settings.put("hibernate.ogm.datastore.grid_dialect", gridDialect), entity);
    }

    private KeysmithMappingException bootFailure(Consumer<Map<String, Object>> settings, Class<?>... entities) {
        Throwable thrown = catchThrowable(() -> mongo.factory(mongo.freshDatabaseName(), settings, entities));
        assertThat(thrown).as("booting with %s", List.of(entities)).isNotNull();
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (cause instanceof KeysmithMappingException mapping) {
                return mapping;
            }
        }
        throw new AssertionError("no KeysmithMappingException in the boot failure", thrown);
    }
}
