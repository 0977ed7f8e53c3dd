package dev.keysmith.spring.mongodb.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.IdStrategy;
import dev.keysmith.runtime.testing.EntityCompiler;
import dev.keysmith.runtime.testing.IdMistakes;
import dev.keysmith.runtime.testing.InMemoryCounterStore;
import dev.keysmith.spring.mongodb.KeysmithMappingException;
import java.util.stream.Stream;
import org.bson.UuidRepresentation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;

/**
 * Spring Data MongoDB judges every row of {@link IdMistakes} as the rule book, the processor, Hibernate ORM and
 * Hibernate OGM do: the same verdict, and on a refusal the rule book's text behind {@code conformance.Ledger.id: }
 * (the framework's glue: Spring names the entity by its class).
 */
class RuleBookConformanceTest {

    private final IdGenerators generators = IdGenerators.create(new InMemoryCounterStore());
    private final EntityIds ids = new EntityIds(new MongoMappingContext(), generators,
            () -> UuidRepresentation.STANDARD);

    @AfterEach
    void close() {
        generators.close();
    }

    static Stream<IdMistakes> mistakes() {
        return IdMistakes.ALL.stream();
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void springJudgesEveryRowAsTheRuleBookDoes(IdMistakes row) {
        Class<?> ledger = EntityCompiler.compile(IdMistakes.QUALIFIED_ENTITY, row.source(
                "@org.springframework.data.mongodb.core.mapping.Document", "@org.springframework.data.annotation.Id", ""));

        Throwable thrown = catchThrowable(() -> assertThat(ids.forType(ledger).strategy())
                .isNotEqualTo(IdStrategy.ASSIGNED));

        if (row.expected() == null) {
            assertThat(thrown).as("the entity is accepted").isNull();
        } else {
            assertThat(thrown).isInstanceOf(KeysmithMappingException.class)
                    .hasMessage(row.message("", IdMistakes.QUALIFIED_ENTITY));
            assertThat(((KeysmithMappingException) thrown).property()).isEqualTo(row.field());
        }
    }
}
