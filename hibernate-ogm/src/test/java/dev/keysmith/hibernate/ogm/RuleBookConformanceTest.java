package dev.keysmith.hibernate.ogm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keysmith.runtime.testing.EntityCompiler;
import dev.keysmith.runtime.testing.IdMistakes;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Hibernate OGM route judges every row of {@link IdMistakes} as the rule book, the processor, Hibernate ORM and
 * Spring Data MongoDB do: the same verdict, and on a refusal the rule book's text behind
 * {@code [keysmith] Ledger.id: } (the framework's glue, as in Hibernate ORM).
 */
class RuleBookConformanceTest {

    @RegisterExtension
    final OgmTestSupport mongo = OgmTestSupport.start();

    @ParameterizedTest
    @MethodSource("dev.keysmith.runtime.testing.IdMistakes#all")
    void ogmJudgesEveryRowAsTheRuleBookDoes(IdMistakes row) {
        Class<?> ledger = EntityCompiler.compile(IdMistakes.QUALIFIED_ENTITY,
                row.source("@javax.persistence.Entity", "@javax.persistence.Id", "public "));

        Throwable thrown = EntityCompiler.inContextOf(ledger,
                () -> catchThrowable(() -> mongo.factory(mongo.freshDatabaseName(), ledger)));

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
