package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Embedded;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.hibernate.annotations.UuidGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Boot fails with a message naming the entity and the attribute where an annotation cannot work. */
class BootFailureTest {

    @Entity
    public static class SequenceOnString {
        @Id @Sequence String code;
    }

    @Entity
    public static class UuidOnLong {
        @Id @UuidId Long id;
    }

    @Entity
    public static class ObjectIdOnUuid {
        @Id @GeneratedObjectId UUID id;
    }

    @Entity
    public static class RandomOnInt {
        @Id @RandomId Integer id;
    }

    @Entity
    public static class WithGeneratedValue {
        @Id @GeneratedValue @Sequence Long id;
    }

    @Entity
    public static class TwoStrategies {
        @Id @Sequence @RandomId Long id;
    }

    @Entity
    public static class NotTheId {
        @Id Long id;
        @UuidId UUID token;
    }

    @Entity
    public static class RandomTooLong {
        @Id @RandomId(digits = 19) Long id;
    }

    @Entity
    public static class RandomNoAttempts {
        @Id @RandomId(attempts = 0) Long id;
    }

    @Entity
    public static class StripedWithoutDigits {
        @Id @Sequence(counters = 4) Long id;
    }

    @Entity
    public static class SharedA {
        @Id @Sequence(name = "shared", batch = 10) Long id;
    }

    @Entity
    public static class SharedB {
        @Id @Sequence(name = "shared", batch = 20) Long id;
    }

    @Entity
    public static class Vehicle {
        @Id @Sequence Long id;
    }

    @Entity
    public static class Truck extends Vehicle {
        @Sequence Long fleetNumber;
    }

    @Embeddable
    public static class Address {
        @UuidId UUID reference;
        String street;
    }

    @Entity
    public static class Customer {
        @Id @Sequence Long id;
        @Embedded Address address;
    }

    @Embeddable
    public static class LineKey {
        @Sequence Long line;
        Long order;
    }

    @Entity
    public static class OrderLine {
        @EmbeddedId LineKey key;
    }

    public static class PairKey {
        Long left;
        Long right;
    }

    @Entity
    @IdClass(PairKey.class)
    public static class Pair {
        @Id @Sequence Long left;
        @Id Long right;
    }

    @Entity
    public static class WithUuidGenerator {
        @Id @UuidId @UuidGenerator UUID id;
    }

    private static final String TEN = "abcdefghij";

    @Entity
    public static class LongSequenceName {
        // 9 + 60 characters: more than PostgreSQL's 63
        @Id @Sequence(name = TEN + TEN + TEN + TEN + TEN + TEN) Long id;
    }

    @Entity
    public static class ClashA {
        @Id @Sequence(name = "parts_1") Long id;
    }

    @Entity
    public static class ClashB {
        @Id @Sequence(name = "parts", counters = 2, digits = 6) Long id;
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of(List.of(SequenceOnString.class), "SequenceOnString.code",
                        "@Sequence needs a long, Long, int or Integer field, but 'code' is a String"),
                Arguments.of(List.of(UuidOnLong.class), "UuidOnLong.id", "@UuidId needs a UUID or String field"),
                Arguments.of(List.of(ObjectIdOnUuid.class), "ObjectIdOnUuid.id",
                        "@GeneratedObjectId needs an ObjectId or String field"),
                Arguments.of(List.of(RandomOnInt.class), "RandomOnInt.id", "@RandomId needs a long or Long field"),
                Arguments.of(List.of(WithGeneratedValue.class), "WithGeneratedValue.id",
                        "cannot be combined with @GeneratedValue, another generator; remove @GeneratedValue"),
                Arguments.of(List.of(TwoStrategies.class), "TwoStrategies.id", "'id' carries both @Sequence and @RandomId"),
                Arguments.of(List.of(NotTheId.class), "NotTheId.token",
                        "@UuidId works only on the entity's @Id attribute, but its @Id is 'id'"),
                Arguments.of(List.of(RandomTooLong.class), "RandomTooLong.id", "@RandomId(digits = 19) is out of range"),
                Arguments.of(List.of(RandomNoAttempts.class), "RandomNoAttempts.id",
                        "@RandomId(attempts = 0) is out of range: an insert makes at least 1 attempt"),
                Arguments.of(List.of(StripedWithoutDigits.class), "StripedWithoutDigits.id",
                        "@Sequence(counters = 4) needs digits"),
                Arguments.of(List.of(SharedA.class, SharedB.class), ".id",
                        "entities sharing a sequence must declare the same settings"),
                Arguments.of(List.of(Vehicle.class, Truck.class), "Truck.fleetNumber",
                        "@Sequence works only on the @Id of an entity, and 'fleetNumber' is a field of the subclass "
                                + "entity BootFailureTest$Truck, which shares the id of BootFailureTest$Vehicle"),
                Arguments.of(List.of(Customer.class), "Customer.reference",
                        "@UuidId sits on 'reference' of Address, inside the @Embedded component 'address', where "
                                + "Hibernate cannot generate a value"),
                Arguments.of(List.of(OrderLine.class), "OrderLine.line",
                        "@Sequence sits on 'line' of LineKey, inside the @EmbeddedId class"),
                Arguments.of(List.of(Pair.class), "Pair.left",
                        "@Sequence needs a single-column @Id; composite ids (@EmbeddedId, @IdClass) are not supported"),
                Arguments.of(List.of(WithUuidGenerator.class), "WithUuidGenerator.id",
                        "@UuidId is the id's generator, so it cannot be combined with @UuidGenerator, another "
                                + "generator; remove @UuidGenerator"),
                Arguments.of(List.of(ClashA.class, ClashB.class), ".id", "needs the database sequence keysmith_parts_1, "
                        + "which @Sequence(name = \""));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("mistakes")
    void bootFailsNamingEntityAndAttribute(List<Class<?>> entities, String where, String problem) {
        Throwable thrown = catchThrowable(() -> TestDatabase.H2.target().create(entities).close());
        assertThat(thrown).as("boot of %s", entities).isNotNull();
        KeysmithMappingException cause = causeOfType(thrown);
        assertThat(cause.getMessage()).contains(where).contains(problem);
    }

    @Test
    void aSequenceNameLongerThanTheDatabaseAllowsFailsTheBoot() {
        TestDatabase.Target postgres = TestDatabase.POSTGRESQL.target(); // skips the test without PostgreSQL
        Throwable thrown = catchThrowable(() -> postgres.create(List.of(LongSequenceName.class)).close());
        assertThat(causeOfType(thrown).getMessage()).contains("LongSequenceName.id")
                .contains("gives the database sequence keysmith_abcdefghij").contains("69 characters, but "
                        + "PostgreSQLDialect allows at most 63; choose a shorter name");
    }

    @Test
    void anUnknownSequenceStoreFailsTheBoot() {
        Throwable thrown = catchThrowable(() -> TestDatabase.H2.target()
                .with(KeysmithSequences.STORE_PROPERTY, "disk").create(List.of(SharedA.class)).close());
        assertThat(thrown).hasStackTraceContaining("keysmith.sequence_store = 'disk' is not a store; use native "
                + "(database sequences) or table (keysmith_sequences)");
    }

    private static KeysmithMappingException causeOfType(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof KeysmithMappingException mapping) {
                return mapping;
            }
        }
        throw new AssertionError("no KeysmithMappingException in the causes of " + thrown, thrown);
    }
}
