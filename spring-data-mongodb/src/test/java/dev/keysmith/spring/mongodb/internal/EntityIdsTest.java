package dev.keysmith.spring.mongodb.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.codec.IdStrategy;
import dev.keysmith.runtime.testing.EntityCompiler;
import dev.keysmith.runtime.testing.IdMistakes;
import dev.keysmith.runtime.testing.InMemoryCounterStore;
import dev.keysmith.spring.mongodb.KeysmithMappingException;
import java.util.UUID;
import org.bson.UuidRepresentation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;

/** The mapping rules, read from a real Spring Data mapping context: each wrong mapping is named by its field. */
class EntityIdsTest {

    private final IdGenerators generators = IdGenerators.create(new InMemoryCounterStore());
    private final EntityIds ids = new EntityIds(new MongoMappingContext(), generators,
            () -> UuidRepresentation.STANDARD);

    @AfterEach
    void close() {
        generators.close();
    }

    static class UuidAsText {
        @Id @UuidId String id;
    }

    static class NotOnTheId {
        @Id String id;
        @Sequence Long number;
    }

    static class TwoStrategies {
        @Id @Sequence @RandomId Long id;
    }

    static class TooManyDigits {
        @Id @RandomId(digits = 19) Long id;
    }

    @Document("first")
    static class FirstOnShared {
        @Id @Sequence(name = "shared", batch = 10) Long id;
    }

    @Document("second")
    static class SecondOnShared {
        @Id @Sequence(name = "shared", batch = 20) Long id;
    }

    static class StartsAtZero {
        @Id @Sequence(start = 0) long id;
    }

    static class Address {
        @Sequence Long line;
        String street;
    }

    static class WithNestedId {
        @Id String id;
        java.util.List<Address> addresses;
    }

    static class IntSequence {
        @Id @Sequence int id;
    }

    static class ObjectIdText {
        @Id @GeneratedObjectId String id;
    }

    @Test
    void aStringUuidIdIsRefusedBecauseSpringDataWouldStoreText() {
        assertThatThrownBy(() -> ids.forType(UuidAsText.class))
                .isInstanceOf(KeysmithMappingException.class)
                .hasMessageContaining("UuidAsText.id: @UuidId needs a java.util.UUID id")
                .hasMessageContaining("make it a UUID");
    }

    @Test
    void anAnnotationOffTheIdIsNamed() {
        assertThatThrownBy(() -> ids.forType(NotOnTheId.class))
                .isInstanceOf(KeysmithMappingException.class)
                .hasMessageContaining("NotOnTheId.number: @Sequence works only on the entity's id, but its id is 'id'");
    }

    @Test
    void anIdAnnotationInsideANestedDocumentIsRefusedNotIgnored() {
        assertThatThrownBy(() -> ids.forType(WithNestedId.class))
                .isInstanceOf(KeysmithMappingException.class)
                .hasMessageContaining("WithNestedId.addresses: @Sequence sits on 'line' of Address, a nested document,"
                        + " which keysmith gives no id; remove the annotation, or store Address as an entity of its own");
    }

    @Test
    void twoStrategiesOnOneIdAreRefused() {
        assertThatThrownBy(() -> ids.forType(TwoStrategies.class))
                .hasMessageContaining("TwoStrategies.id: 'id' carries both @Sequence and @RandomId; an id has exactly"
                        + " one strategy, keep one annotation");
    }

    @Test
    void outOfRangeValuesAreNamed() {
        assertThatThrownBy(() -> ids.forType(TooManyDigits.class))
                .hasMessageContaining("TooManyDigits.id: @RandomId(digits = 19) is out of range");
    }

    @Test
    void startZeroOnAPrimitiveIdIsRefused() {
        assertThatThrownBy(() -> ids.forType(StartsAtZero.class))
                .hasMessageContaining("StartsAtZero.id: @Sequence(start = 0) on 'id', a primitive long: 0 means \"no id"
                        + " yet\"");
    }

    @Test
    void aSequenceDeclaredTwiceWithOtherSettingsIsRefusedOnTheSecond() {
        ids.forType(FirstOnShared.class);

        assertThatThrownBy(() -> ids.forType(SecondOnShared.class))
                .isInstanceOf(KeysmithMappingException.class)
                .hasMessageContaining("SecondOnShared.id")
                .hasMessageContaining("sequence 'shared' is declared twice with different settings");
    }

    @Test
    void intSequencesAndHexObjectIdsGetValuesOfTheirType() {
        IntSequence entity = new IntSequence();
        ObjectIdText text = new ObjectIdText();

        ids.forType(IntSequence.class).assignIfAbsent(entity);
        ids.forType(ObjectIdText.class).assignIfAbsent(text);

        assertThat(entity.id).isEqualTo(1);
        assertThat(text.id).matches("[0-9a-f]{24}");
        assertThat(ids.forType(IntSequence.class).strategy()).isEqualTo(IdStrategy.SEQUENCE);
    }

    @Test
    void theSequencesAreTheGeneratorsOwnNotASecondRegistry() {
        ids.forType(IntSequence.class);
        SequenceAllocator opened = generators.sequence(SequenceSpec.of("opened-elsewhere"));

        assertThat(ids.sequences()).containsExactlyInAnyOrderElementsOf(generators.sequences())
                .contains(opened).hasSize(2);
    }

    @Test
    void aTypeWithoutAnnotationIsLeftAlone() {
        assertThat(ids.forType(String.class).strategy()).isEqualTo(IdStrategy.ASSIGNED);
        assertThat(ids.forType(UUID.class).strategy()).isEqualTo(IdStrategy.ASSIGNED);
    }

    /**
     * The conformance table: Spring Data MongoDB judges every row of {@link IdMistakes} as the rule book, the
     * processor, Hibernate ORM and Hibernate OGM do, with the rule book's text behind {@code conformance.Ledger.id: }
     * (the framework's glue: Spring names the entity by its class).
     */
    @ParameterizedTest
    @MethodSource("dev.keysmith.runtime.testing.IdMistakes#all")
    void springJudgesEveryRowAsTheRuleBookDoes(IdMistakes row) {
        Class<?> ledger = EntityCompiler.compile(IdMistakes.QUALIFIED_ENTITY, row.source(
                "@org.springframework.data.mongodb.core.mapping.Document", "@org.springframework.data.annotation.Id", ""));

        Throwable thrown = catchThrowable(() -> assertThat(ids.forType(ledger).strategy())
                .isNotEqualTo(IdStrategy.ASSIGNED));

        if (!row.refused()) {
            assertThat(thrown).as("the entity is accepted").isNull();
            return;
        }
        assertThat(thrown).isInstanceOf(KeysmithMappingException.class);
        assertThat(((KeysmithMappingException) thrown).property()).isEqualTo(row.field());
        if (row.expected() != null) {
            assertThat(thrown).hasMessage(row.message("", IdMistakes.QUALIFIED_ENTITY));
        } else { // in Spring's own words: the annotation is not on the id, which it names
            assertThat(thrown).hasMessageContaining("works only on the entity's id, but its id is 'id'");
        }
    }
}
