package dev.keysmith.runtime.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.annotations.Sequence;
import java.util.List;
import kotlin.jvm.internal.DefaultConstructorMarker;
import org.junit.jupiter.api.Test;

/** The refusal of an id annotation on a constructor parameter alone counts the parameters the source wrote. */
class AnnotatedAttributeTest {

    /**
     * As Kotlin 2.2 compiles {@code class Invoice(@Id @Sequence val number: Long?, val total: Money, ...)} with a value
     * class {@code Money}: the declared constructor (private), and the synthetic public one with Kotlin's marker last.
     */
    static final class WithValueClassParameter {
        final Long number;

        private WithValueClassParameter(@Sequence Long number, long total, String customer, String note) {
            this.number = number;
        }

        WithValueClassParameter(@Sequence Long number, long total, String customer, String note,
                DefaultConstructorMarker marker) {
            this(number, total, customer, note);
        }
    }

    @Test
    void theMessageCountsTheParametersTheSourceWroteNotKotlinsMarker() {
        assertThat(AnnotatedAttribute.onConstructorParametersOnly(WithValueClassParameter.class,
                List.of(Sequence.class), "Spring Data"))
                .hasValueSatisfying(problem -> assertThat(problem).contains("parameter 1 of 4 and on no field"));
    }
}
