package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.keysmith.processor.Compilations.compile;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.keysmith.processor.messages.Message;
import dev.keysmith.processor.model.IdSpec;
import dev.keysmith.runtime.internal.IdRules;
import dev.keysmith.runtime.testing.IdMistakes;
import java.util.Arrays;
import java.util.Locale;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The processor, which cannot depend on the runtime, is held to the runtime's rule book ({@link IdRules}): the same
 * tag and text for every rule, and the same verdict and message on every row of {@link IdMistakes}, the table that
 * the Hibernate ORM, Hibernate OGM and Spring Data MongoDB front ends run too. The processor's message carries the
 * tag first ({@code [KeysmithIdType] ...}); the entity and the field are named by where javac reports it (the
 * entity's file, the field's line).
 */
class RuleBookConformanceTest {

    @ParameterizedTest
    @EnumSource(IdRules.Rule.class)
    void everyRuleOfTheRuleBookIsInTheCatalogWordForWord(IdRules.Rule rule) {
        Message message = Message.valueOf(rule.name());

        assertThat(message.tag()).isEqualTo(rule.tag());
        assertThat(message.template()).isEqualTo(rule.template());
    }

    @Test
    void theDigitBoundIsTheSameAndIsTheMostALongHoldsForEveryValue() {
        assertThat(IdSpec.MAX_DIGITS).isEqualTo(IdRules.MAX_DIGITS);
        assertThat(IdRules.powerOfTen(IdRules.MAX_DIGITS) - 1).as("every 18-digit number fits")
                .isLessThan(Long.MAX_VALUE);
        assertThat(Math.log10(Long.MAX_VALUE)).as("not every 19-digit one").isLessThan(IdRules.MAX_DIGITS + 1);
    }

    @ParameterizedTest
    @MethodSource("dev.keysmith.runtime.testing.IdMistakes#all")
    void theProcessorJudgesEveryRowAsTheRuleBookDoes(IdMistakes row) {
        JavaFileObject ledger = JavaFileObjects.forSourceString(IdMistakes.QUALIFIED_ENTITY,
                row.source("@Document", "", ""));

        Compilation compilation = compile(ledger);

        if (!row.refused()) {
            assertThat(compilation).succeeded();
            return;
        }
        if (row.expected() == null) { // the processor's own words: two ids
            assertThat(compilation).hadErrorContaining(Message.TWO_IDS.format(IdMistakes.ENTITY, "id", row.field()))
                    .inFile(ledger).onLineContaining(" " + row.field() + ";");
            return;
        }
        assertThat(compilation).failed();
        assertThat(compilation.errors()).as("the first error is the rule book's message").first()
                .satisfies(error -> assertThat(error.getMessage(Locale.ROOT)).isEqualTo(row.expected().message()));
        assertThat(compilation).hadErrorContaining(row.expected().message()).inFile(ledger)
                .onLineContaining(row.id() + " " + row.field() + ";");
    }

    @Test
    void everyRuleOfTheRuleBookHasARowInTheTable() {
        assertThat(IdMistakes.ALL.stream().filter(row -> row.expected() != null).map(row -> row.expected().rule()))
                .containsAll(Arrays.asList(IdRules.Rule.values()));
    }
}
