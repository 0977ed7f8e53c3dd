package com.example;

import io.quarkus.runtime.QuarkusApplication;
import java.util.List;

/**
 * Panache MongoDB entities of every strategy, with keysmith's extension and no other code: persisted, found by id;
 * the reactive ones too (awaited here, on the main thread; in a REST endpoint they would be returned).
 */
public class Example implements QuarkusApplication {

    @Override
    public int run(String... args) {
        Invoice first = invoice("Ada");
        Invoice second = invoice("Grace");
        check(first.number != null && second.number == first.number + 1,
                "Invoice numbers follow each other: " + first.number + ", " + second.number);
        check("Grace".equals(Invoice.<Invoice>findById(second.number).customer), "Invoice found by its number");

        Customer ada = new Customer();
        ada.name = "Ada";
        ada.persist();
        check(ada.id != null && ada.id.version() == 7, "Customer id is a UUID v7: " + ada.id);
        check("Ada".equals(Customer.<Customer>findById(ada.id).name), "Customer found by its UUID");

        Comment comment = new Comment();
        comment.text = "paid on time";
        comment.persist();
        check(comment.id != null && comment.id.length() == 24, "Comment id is an ObjectId's hex: " + comment.id);
        check("paid on time".equals(Comment.<Comment>findById(comment.id).text), "Comment found by its hex string");

        GiftCard card = new GiftCard();
        card.cents = 5_000;
        card.persistOrUpdate();
        check(card.number != null && String.valueOf(card.number).length() == 16,
                "GiftCard number has 16 digits: " + card.number);
        check(GiftCard.<GiftCard>findById(card.number).cents == 5_000, "GiftCard found by its number");

        List<Ticket> tickets = List.of(ticket("one"), ticket("two"), ticket("three"));
        Ticket.persist(tickets).await().indefinitely();
        List<Long> numbers = tickets.stream().map(ticket -> ticket.number).toList();
        check(numbers.equals(List.of(1L, 2L, 3L)), "Reactive tickets numbered in their order: " + numbers);
        Ticket found = Ticket.<Ticket>findById(tickets.get(2).number).await().indefinitely();
        check("three".equals(found.title), "Reactive ticket found by its number");
        return 0;
    }

    private static Invoice invoice(String customer) {
        Invoice invoice = new Invoice();
        invoice.customer = customer;
        invoice.persist();
        return invoice;
    }

    private static Ticket ticket(String title) {
        Ticket ticket = new Ticket();
        ticket.title = title;
        return ticket;
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("Quarkus example: FAILED: " + what);
        }
        System.out.println("Quarkus example: " + what);
    }
}
