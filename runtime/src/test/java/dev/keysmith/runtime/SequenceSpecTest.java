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
                .withMessage("@Sequence(batch = 0) for sequence 'invoices': batch must be at least 1");
    }

    @Test
    void nineteenDigitsWouldOverflowLong() {
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withDigits(19))
                .withMessage("@Sequence(digits = 19) for sequence 'invoices': digits = 19 would overflow long;"
                        + " use at most 18");
    }

    @Test
    void negativeDigitsAreNamed() {
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withDigits(-1))
                .withMessageStartingWith("@Sequence(digits = -1) for sequence 'invoices'");
    }

    @Test
    void countersWithoutDigitsAreNamed() {
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withCounters(4, 0))
                .withMessageStartingWith("@Sequence(counters = 4) for sequence 'invoices'")
                .withMessageContaining("needs digits");
    }

    @Test
    void fewerThanOneCounterIsNamed() {
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withCounters(0, 3))
                .withMessage("@Sequence(counters = 0) for sequence 'invoices': counters must be at least 1");
    }

    @Test
    void startOutsideTheSpaceIsNamed() {
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withStart(-1))
                .withMessageStartingWith("@Sequence(start = -1) for sequence 'invoices'");
        assertThatIllegalArgumentException().isThrownBy(() -> invoices.withDigits(3).withStart(1000))
                .withMessageStartingWith("@Sequence(start = 1000) for sequence 'invoices'")
                .withMessageContaining("between 0 and 999");
    }

    @Test
    void moreCountersThanValuesAreNamed() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new SequenceSpec("tiny", 1, false, 10, 1, 1, false))
                .withMessageStartingWith("@Sequence(counters = 10) for sequence 'tiny'")
                .withMessageContaining("only 9 ids in [1, 9]");
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
