package dev.keysmith.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.runtime.testing.InMemoryCounterStore;
import org.junit.jupiter.api.Test;

class IdGeneratorsTest {

    private final IdGenerators ids = IdGenerators.create(new InMemoryCounterStore());

    @Test
    void oneAllocatorPerSequenceName() {
        SequenceAllocator invoices = ids.sequence(SequenceSpec.of("invoices"));

        assertThat(ids.sequence(SequenceSpec.of("invoices"))).isSameAs(invoices);
        assertThat(ids.sequence(SequenceSpec.of("orders"))).isNotSameAs(invoices);
        assertThat(invoices.next()).isEqualTo(1);
        assertThat(ids.sequence(SequenceSpec.of("invoices")).next()).isEqualTo(2);
    }

    @Test
    void theSameNameWithOtherSettingsNamesBoth() {
        ids.sequence(SequenceSpec.of("invoices"));

        assertThatIllegalArgumentException().isThrownBy(() -> ids.sequence(SequenceSpec.of("invoices").withBatch(10)))
                .withMessageContaining("'invoices'").withMessageContaining("batch=50").withMessageContaining("batch=10");
    }

    @Test
    void closeClosesEveryAllocator() {
        SequenceAllocator invoices = ids.sequence(SequenceSpec.of("invoices"));
        invoices.next();

        ids.close();

        assertThatThrownBy(invoices::next).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ids.sequence(SequenceSpec.of("orders"))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void everyStrategyGivesItsKindOfId() {
        assertThat(ids.objectId()).isLessThan(ids.objectId());
        assertThat(ids.randomUuid().version()).isEqualTo(4);
        assertThat(ids.timeOrderedUuid().version()).isEqualTo(7);
        assertThat(Long.toString(ids.randomId(12))).hasSize(12);
        assertThat(Long.toString(ids.randomId(3))).hasSize(3);
        assertThatIllegalArgumentException().isThrownBy(() -> ids.randomId(19)).withMessageContaining("digits = 19");
    }
}
