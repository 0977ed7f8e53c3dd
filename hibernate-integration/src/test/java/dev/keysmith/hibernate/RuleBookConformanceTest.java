package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keysmith.runtime.testing.EntityCompiler;
import dev.keysmith.runtime.testing.IdMistakes;
import java.util.List;
import org.hibernate.SessionFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Hibernate ORM route judges every row of {@link IdMistakes} as the rule book, the processor, Hibernate OGM and
 * Spring Data MongoDB do: the same verdict, and on a refusal the rule book's text behind
 * {@code [keysmith] Ledger.id: }, which names the entity and the field (the framework's glue). Runs on Hibernate
 * 7.4 here and on 6.6 in {@code hibernate66-tests}, which compiles these sources again.
 */
class RuleBookConformanceTest {

    @ParameterizedTest
    @MethodSource("dev.keysmith.runtime.testing.IdMistakes#all")
    void hibernateJudgesEveryRowAsTheRuleBookDoes(IdMistakes row) {
        Class<?> ledger = EntityCompiler.compile(IdMistakes.QUALIFIED_ENTITY,
                row.source("@jakarta.persistence.Entity", "@jakarta.persistence.Id", ""));

        Throwable thrown = EntityCompiler.inContextOf(ledger, () -> catchThrowable(() -> {
            try (SessionFactory factory = TestDatabase.H2.target().create(List.of(ledger))) {
                assertThat(factory.isOpen()).isTrue();
            }
        }));

        if (!row.refused()) {
            assertThat(thrown).as("the entity boots").isNull();
            return;
        }
        KeysmithMappingException refusal = EntityCompiler.causeOfType(thrown, KeysmithMappingException.class);
        assertThat(List.of(refusal.entity(), refusal.attribute())).containsExactly(IdMistakes.ENTITY, row.field());
        if (row.expected() != null) {
            assertThat(refusal).hasMessage(row.message("[keysmith] ", IdMistakes.ENTITY));
        } else { // in JPA's own words: the annotation is not on the @Id, which it names
            assertThat(refusal).hasMessageContaining("works only on the entity's @Id attribute, but its @Id is 'id'");
        }
    }
}
