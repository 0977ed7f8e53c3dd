package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
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

    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of(List.of(SequenceOnString.class), "SequenceOnString.code",
                        "@Sequence needs a long, Long, int or Integer id, but 'code' is a String"),
                Arguments.of(List.of(UuidOnLong.class), "UuidOnLong.id", "@UuidId needs a UUID or String id"),
                Arguments.of(List.of(ObjectIdOnUuid.class), "ObjectIdOnUuid.id",
                        "@GeneratedObjectId needs an ObjectId or String id"),
                Arguments.of(List.of(RandomOnInt.class), "RandomOnInt.id", "@RandomId needs a long or Long id"),
                Arguments.of(List.of(WithGeneratedValue.class), "WithGeneratedValue.id",
                        "cannot be combined with @GeneratedValue; remove @GeneratedValue"),
                Arguments.of(List.of(TwoStrategies.class), "TwoStrategies.id", "carries @Sequence and @RandomId"),
                Arguments.of(List.of(NotTheId.class), "NotTheId.token",
                        "@UuidId works only on the entity's @Id attribute, but its @Id is 'id'"),
                Arguments.of(List.of(RandomTooLong.class), "RandomTooLong.id", "@RandomId(digits = 19) is out of range"),
                Arguments.of(List.of(RandomNoAttempts.class), "RandomNoAttempts.id",
                        "@RandomId(attempts = 0) must be at least 1"),
                Arguments.of(List.of(StripedWithoutDigits.class), "StripedWithoutDigits.id",
                        "@Sequence values do not fit"),
                Arguments.of(List.of(SharedA.class, SharedB.class), ".id",
                        "entities sharing a sequence must declare the same settings"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("mistakes")
    void bootFailsNamingEntityAndAttribute(List<Class<?>> entities, String where, String problem) {
        Throwable thrown = catchThrowable(() -> TestDatabase.H2.target().create(entities).close());
        assertThat(thrown).as("boot of %s", entities).isNotNull();
        KeysmithMappingException cause = causeOfType(thrown);
        assertThat(cause.getMessage()).contains(where).contains(problem);
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
