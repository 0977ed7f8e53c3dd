package dev.keysmith.samples.jpa;

import dev.keysmith.runtime.ObjectIds;
import dev.keysmith.runtime.Uuids;
import dev.keysmith.samples.Table;
import java.math.BigDecimal;
import java.util.List;
import javax.sql.DataSource;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.cfg.Configuration;

/**
 * Every strategy through Hibernate ORM: the same annotations on {@code @Id}, nothing else to configure.
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class HibernateDemo {

    private static final String ROUTE = "Hibernate";

    private HibernateDemo() {
    }

    /**
     * A session factory over the demo's entities on {@code dataSource}, where it creates their tables and the
     * database sequence of {@code @Sequence}.
     */
    // Hibernate 7 deprecates DATASOURCE for the JPA setting, but its native bootstrap (Configuration) still takes a
    // DataSource instance only through it.
    @SuppressWarnings("deprecation")
    public static SessionFactory sessionFactory(DataSource dataSource) {
        Configuration configuration = new Configuration()
                .addAnnotatedClass(Invoice.class)
                .addAnnotatedClass(Session.class)
                .addAnnotatedClass(Upload.class)
                .addAnnotatedClass(Account.class)
                .addAnnotatedClass(Event.class)
                // keysmith adds the sequence keysmith_invoice to the model, so schema export creates it too.
                .setProperty(AvailableSettings.HBM2DDL_AUTO, "create");
        // A pool of the application's choosing, as in production; Hibernate's built-in one is for tests only.
        configuration.getProperties().put(AvailableSettings.DATASOURCE, dataSource);
        return configuration.buildSessionFactory();
    }

    /**
     * Persists entities of every strategy, adds what it reads back to {@code stored}, and returns keysmith's
     * database sequences with how many numbers each has reserved.
     */
    public static Table run(SessionFactory factory, Table stored) {
        factory.inTransaction(session -> {
            session.persist(new Invoice(new BigDecimal("120.00")));
            session.persist(new Invoice(new BigDecimal("80.50")));
            session.persist(new Session("ada"));
            session.persist(new Upload("invoice-1.pdf"));
            session.persist(new Account("ada@example.com"));
            session.persist(new Event("Ada signed in"));
        });

        Table sequences = new Table("SEQUENCE", "RESERVED");
        factory.inTransaction(session -> {
            for (Event event : session.createSelectionQuery("from Event order by id", Event.class).getResultList()) {
                stored.row(ROUTE, "@GeneratedObjectId", "Event", event.id,
                        "created " + ObjectIds.creationTime(event.id));
            }
            for (Invoice invoice : session.createSelectionQuery("from Invoice order by number", Invoice.class)
                    .getResultList()) {
                stored.row(ROUTE, "@Sequence(batch = 100)", "Invoice", invoice.number,
                        "number " + invoice.number + " of sequence \"Invoice\"");
            }
            for (Session login : session.createSelectionQuery("from Session order by id", Session.class)
                    .getResultList()) {
                stored.row(ROUTE, "@UuidId(TIME_ORDERED)", "Session", login.id,
                        "created " + Uuids.creationTime(login.id));
            }
            for (Upload upload : session.createSelectionQuery("from Upload", Upload.class).getResultList()) {
                stored.row(ROUTE, "@UuidId(RANDOM)", "Upload", upload.id, "nothing: 122 random bits");
            }
            for (Account account : session.createSelectionQuery("from Account", Account.class).getResultList()) {
                stored.row(ROUTE, "@RandomId(digits = 12)", "Account", account.number, "nothing: a random number");
            }

            // keysmith reads its sequences with nextval on the session's connection; the sequence starts with 1
            // and increments by the batch, so the next value it would return, minus 1, is what was reserved.
            List<Object[]> rows = session.createNativeQuery("select lower(sequence_name), base_value - 1"
                    + " from information_schema.sequences where lower(sequence_name) like 'keysmith%' order by 1",
                    Object[].class).getResultList();
            rows.forEach(row -> sequences.row(row[0], row[1]));
        });
        return sequences;
    }
}
