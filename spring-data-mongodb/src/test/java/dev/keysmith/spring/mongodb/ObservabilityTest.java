package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.runtime.IdAllocationException;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.spring.mongodb.app.Order;
import dev.keysmith.spring.mongodb.app.Orders;
import dev.keysmith.spring.mongodb.app.TestApplication;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/** With Actuator and Micrometer present: the sequences' meters, and a health indicator that goes down with them. */
class ObservabilityTest extends SpringMongoTestBase {

    @Test
    void theSequencesSnapshotsAreMeters() {
        ConfigurableApplicationContext context = start(TestApplication.class);
        Orders orders = context.getBean(Orders.class);
        for (int i = 0; i < 25; i++) {
            orders.save(new Order("o" + i));
        }
        MeterRegistry registry = context.getBean(MeterRegistry.class);

        assertThat(registry.get("keysmith.sequence.ids").tag("sequence", "orders").functionCounter().count())
                .isEqualTo(25);
        // How many batches the prefetch reserves, and when, is the allocator's to decide (its own tests pin it);
        // what is checked here is that each meter is the snapshot's figure. The range in hand changes only when a
        // caller takes an id, and none does now; a reservation may still be in flight, so the reservations are read
        // between two snapshots that agree.
        SequenceAllocator sequence = context.getBean(IdGenerators.class).sequences().stream()
                .filter(s -> s.spec().name().equals("orders")).findFirst().orElseThrow();
        long left = (long) registry.get("keysmith.sequence.ids.left").tag("sequence", "orders").gauge().value();
        assertThat(left).as("the snapshot's figure").isEqualTo(sequence.snapshot().idsLeftInRange()).isPositive();
        assertThat((25 + left) % 10).as("the range in hand ends on a whole batch").isZero();
        long reservations;
        double metered;
        do {
            reservations = sequence.snapshot().reservations();
            metered = registry.get("keysmith.sequence.reservations").tag("sequence", "orders").functionTimer()
                    .count();
        } while (reservations != sequence.snapshot().reservations());
        assertThat(metered).as("reservations: the snapshot's figure").isEqualTo(reservations);
        assertThat(reservations).as("ids 1 to 25 came in ranges of 10").isPositive();
        assertThat(registry.get("keysmith.sequence.failing").tag("sequence", "orders").gauge().value()).isZero();
        assertThat(registry.get("keysmith.sequence.ids").tag("sequence", "invoices").functionCounter().count())
                .as("every sequence of a known entity is there from the start").isZero();
    }

    @Test
    void theHealthIsDownWhileASequenceCannotReserve() throws Exception {
        ConfigurableApplicationContext context = start(TestApplication.class);
        Object indicator = context.getBean("keysmithHealthIndicator");
        assertThat(status(indicator)).isEqualTo("UP");

        // a counter document keysmith must not touch: every reservation of 'orders' fails
        database.getCollection("keysmith_counters").insertOne(new Document("_id", "orders").append("next", "x"));
        assertThatThrownBy(() -> context.getBean(Orders.class).save(new Order("o")))
                .isInstanceOf(IdAllocationException.class);

        assertThat(status(indicator)).isEqualTo("DOWN");
        Map<?, ?> sequences = (Map<?, ?>) details(indicator).get("sequences");
        Map<?, ?> orders = (Map<?, ?>) sequences.get("orders");
        assertThat(orders.get("failing")).isEqualTo(true);
        assertThat(orders.get("failures")).isEqualTo(1L);
        assertThat(context.getBean(MeterRegistry.class).get("keysmith.sequence.failing").tag("sequence", "orders")
                .gauge().value()).isEqualTo(1);
    }

    /** The indicator's status code: its Health type is in another package on each Boot line. */
    private static String status(Object indicator) throws ReflectiveOperationException {
        Object health = indicator.getClass().getMethod("health").invoke(indicator);
        return health.getClass().getMethod("getStatus").invoke(health).toString();
    }

    private static Map<?, ?> details(Object indicator) throws ReflectiveOperationException {
        Object health = indicator.getClass().getMethod("health").invoke(indicator);
        return (Map<?, ?>) health.getClass().getMethod("getDetails").invoke(health);
    }
}
