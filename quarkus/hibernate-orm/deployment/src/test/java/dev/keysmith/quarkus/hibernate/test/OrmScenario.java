package dev.keysmith.quarkus.hibernate.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.quarkus.hibernate.test.entities.AuditEvent;
import dev.keysmith.quarkus.hibernate.test.entities.GiftCard;
import dev.keysmith.quarkus.hibernate.test.entities.Invoice;
import dev.keysmith.quarkus.hibernate.test.entities.LoginSession;
import dev.keysmith.quarkus.hibernate.test.entities.Shipment;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.bson.types.ObjectId;

/**
 * What both sequence stores must give: every strategy's id on persist, with no application code, each entity found
 * by it afterwards. Shared by the store tests; the store's own traces are checked by each.
 */
final class OrmScenario {

    private OrmScenario() {
    }

    /** Persists an entity of each strategy (three invoices, two shipments), then finds each by its id. */
    static Invoice[] everyStrategyGetsItsIdAndIsFoundById(EntityManager entityManager) {
        Invoice[] invoices = {invoice("Ada"), invoice("Grace"), invoice("Edsger")};
        LoginSession session = new LoginSession();
        session.login = "ada";
        GiftCard card = new GiftCard();
        card.cents = 500;
        AuditEvent event = new AuditEvent();
        event.kind = "signup";
        Shipment first = shipment("Lyon");
        Shipment second = shipment("Porto");
        QuarkusTransaction.requiringNew().run(() -> {
            for (Invoice invoice : invoices) {
                invoice.persist();
            }
            session.persist();
            card.persist();
            event.persist();
            entityManager.persist(first);
            entityManager.persist(second);
        });

        assertThat(List.of(invoices[0].number, invoices[1].number, invoices[2].number)).isSorted()
                .doesNotHaveDuplicates().allMatch(number -> number > 0);
        assertThat(session.id.version()).isEqualTo(7);
        assertThat(card.number).isBetween(100_000_000_000L, 999_999_999_999L);
        assertThat(ObjectId.isValid(event.id)).as(event.id).isTrue();
        assertThat(second.getId()).isGreaterThan(first.getId()).isPositive();

        inNewTransaction(() -> {
            for (Invoice invoice : invoices) {
                assertThat(Invoice.<Invoice>findById(invoice.number).customer).isEqualTo(invoice.customer);
            }
            assertThat(LoginSession.<LoginSession>findById(session.id).login).isEqualTo("ada");
            assertThat(GiftCard.<GiftCard>findById(card.number).cents).isEqualTo(500);
            assertThat(AuditEvent.<AuditEvent>findById(event.id).kind).isEqualTo("signup");
            assertThat(entityManager.find(Shipment.class, second.getId()).getDestination()).isEqualTo("Porto");
            assertThat(Invoice.count()).isEqualTo(3);
            return null;
        });
        return invoices;
    }

    /** The first column of the first row of {@code sql}, or {@code null} if it has none. */
    static Object queryOne(DataSource dataSource, String sql) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            return rows.next() ? rows.getObject(1) : null;
        }
    }

    private static void inNewTransaction(Supplier<Void> work) {
        QuarkusTransaction.requiringNew().call(work::get);
    }

    private static Invoice invoice(String customer) {
        Invoice invoice = new Invoice();
        invoice.customer = customer;
        return invoice;
    }

    private static Shipment shipment(String destination) {
        Shipment shipment = new Shipment();
        shipment.setDestination(destination);
        return shipment;
    }
}
