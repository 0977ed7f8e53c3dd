package dev.keysmith.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class SequenceSpecTest {

    private final SequenceSpec invoices = SequenceSpec.of("invoices");

    @Test
    void defaultsAreThoseOfTheAnnotation() {
        assertThat(invoices).isEqualTo(new SequenceSpec("invoices", 50, true, 1, 0, 1, false));
        assertThat(invoices.lastValue()).isEqualTo(Long.MAX_VALUE);
        assertThat(invoices.counterName(0)).isEqualTo("invoices");
    }

    @Test
    void digitsAndIntIdsBoundTheLastValue() {
        assertThat(invoices.withDigits(3).lastValue()).isEqualTo(999);
        assertThat(invoices.withDigits(18).lastValue()).isEqualTo(999_999_999_999_999_999L);
        assertThat(invoices.withIntIds(true).lastValue()).isEqualTo(Integer.MAX_VALUE);
        assertThat(invoices.withIntIds(true).withDigits(12).lastValue()).isEqualTo(Integer.MAX_VALUE);
        assertThat(invoices.withIntIds(true).withDigits(9).lastValue()).isEqualTo(999_999_999);
    }

    @Test
    void severalCountersAreNamedWithTheirIndex() {
        SequenceSpec striped = invoices.withCounters(4, 3);

        assertThat(striped.counterName(0)).isEqualTo("invoices#0");
        assertThat(striped.counterName(3)).isEqualTo("invoices#3");
    }

    @Test
    void startZeroWithoutDigitLimitIsAccepted() {
        assertThat(invoices.withStart(0).start()).isZero();
    }

    @Test
    void batchZeroIsNamed() {
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withBatch(0))
                .withMessage("[KeysmithSequenceBatch] @Sequence(batch = 0) is out of range: a batch reserves at least 1 id"
                        + " (sequence 'invoices')");
    }

    @Test
    void nineteenDigitsWouldOverflowLong() {
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withDigits(19))
                .withMessage("[KeysmithSequenceDigits] @Sequence(digits = 19) is out of range: digits must be between"
                        + " 0 (no limit) and 18 (sequence 'invoices')");
    }

    @Test
    void negativeDigitsAreNamed() {
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withDigits(-1))
                .withMessageStartingWith("[KeysmithSequenceDigits] @Sequence(digits = -1)")
                .withMessageEndingWith("(sequence 'invoices')");
    }

    @Test
    void countersWithoutDigitsAreNamed() {
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withCounters(4, 0))
                .withMessageStartingWith("[KeysmithSequenceCountersDigits] @Sequence(counters = 4)")
                .withMessageContaining("needs digits");
    }

    @Test
    void fewerThanOneCounterIsNamed() {
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withCounters(0, 3))
                .withMessage("[KeysmithSequenceCounters] @Sequence(counters = 0) is out of range: counters must be"
                        + " between 1 and 999 (one id per counter at least) (sequence 'invoices')");
    }

    @Test
    void startOutsideTheSpaceIsNamed() {
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withStart(-1))
                .withMessageStartingWith("[KeysmithSequenceStart] @Sequence(start = -1)");
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withDigits(3).withStart(1000))
                .withMessageStartingWith("[KeysmithSequenceStart] @Sequence(start = 1000)")
                .withMessageContaining("between 0 and 999");
    }

    @Test
    void moreCountersThanValuesAreNamed() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new SequenceSpec("tiny", 1, false, 10, 1, 1, false))
                .withMessageStartingWith("[KeysmithSequenceCounters] @Sequence(counters = 10)")
                .withMessageContaining("between 1 and 9").withMessageEndingWith("(sequence 'tiny')");
    }

    @Test
    void aBlankNameIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> SequenceSpec.of(" "))
                .withMessageContaining("name");
        assertThatIllegalArgumentException().isThrownBy(() -> SequenceSpec.of(null))
                .withMessageContaining("name = null");
    }

    @Test
    void theExhaustionHintFitsTheIdType() {
        assertThat(SequenceSpec.of("a").withDigits(6).exhaustionHint()).contains("raise @Sequence(digits) above 6")
                .contains("at most 18").doesNotContain("use a long");
        assertThat(SequenceSpec.of("b").withDigits(6).withIntIds(true).exhaustionHint())
                .contains("at most 9 for an int id").contains("use a long id");
        assertThat(SequenceSpec.of("c").withDigits(9).withIntIds(true).exhaustionHint())
                .doesNotContain("raise").contains("use a long or Long id");
        assertThat(SequenceSpec.of("d").withIntIds(true).exhaustionHint()).doesNotContain("digits")
                .contains("use a long or Long id");
        assertThat(SequenceSpec.of("e").withDigits(18).exhaustionHint()).doesNotContain("raise")
                .doesNotContain("use a long");
    }
}
