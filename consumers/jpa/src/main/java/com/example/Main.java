package com.example;

import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceConfiguration;
import java.math.BigDecimal;

/** Persists an entity of every strategy with Hibernate ORM on an in-memory H2 database, reads each back, checks it. */
public final class Main {

    public static void main(String[] args) {
        PersistenceConfiguration configuration = new PersistenceConfiguration("example")
                .managedClass(Event.class)
                .managedClass(Invoice.class)
                .managedClass(Session.class)
                .managedClass(Upload.class)
                .managedClass(Account.class)
                .property(PersistenceConfiguration.JDBC_URL, "jdbc:h2:mem:example;DB_CLOSE_DELAY=-1")
                .property(PersistenceConfiguration.JDBC_USER, "sa")
                .property(PersistenceConfiguration.JDBC_PASSWORD, "")
                .property(PersistenceConfiguration.SCHEMAGEN_DATABASE_ACTION, "create");
        try (EntityManagerFactory factory = configuration.createEntityManagerFactory()) {
            run(factory);
        }
    }

    private static void run(EntityManagerFactory factory) {
        Event event = new Event("Ada signed in");
        Invoice first = new Invoice(new BigDecimal("120.00"));
        Invoice second = new Invoice(new BigDecimal("80.50"));
        Session session = new Session("ada");
        Upload upload = new Upload("invoice-1.pdf");
        Account account = new Account("ada@example.com");
        factory.runInTransaction(entityManager -> {
            entityManager.persist(event);
            entityManager.persist(first);
            entityManager.persist(second);
            entityManager.persist(session);
            entityManager.persist(upload);
            entityManager.persist(account);
        });
        System.out.println("Account number: " + account.number);            // 12 random digits, made by keysmith

        check(event.id != null, "Event id is an ObjectId");
        check(first.number != null && second.number == first.number + 1,
                "Invoice numbers follow each other: " + first.number + ", " + second.number);
        check(session.id != null && session.id.version() == 7, "Session id is a UUID v7: " + session.id);
        check(upload.id != null && upload.id.version() == 4, "Upload id is a UUID v4: " + upload.id);
        check(account.number != null && String.valueOf(account.number).length() == 12,
                "Account number has 12 digits: " + account.number);

        factory.runInTransaction(entityManager -> {
            check("Ada signed in".equals(entityManager.find(Event.class, event.id).description), "Event read back");
            check(new BigDecimal("80.50").compareTo(entityManager.find(Invoice.class, second.number).total) == 0,
                    "Invoice read back");
            check("ada".equals(entityManager.find(Session.class, session.id).userName), "Session read back");
            check("invoice-1.pdf".equals(entityManager.find(Upload.class, upload.id).fileName), "Upload read back");
            check("ada@example.com".equals(entityManager.find(Account.class, account.number).email),
                    "Account read back");
        });

        System.out.println("JPA example: Event " + event.id + ", Invoices " + first.number + " and " + second.number
                + ", Session " + session.id + ", Upload " + upload.id + ", Account " + account.number
                + ": persisted and read back");
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("failed: " + what);
        }
    }
}
