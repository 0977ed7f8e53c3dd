package com.example;

import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.keysmith.mongodb.reactive.ReactiveKeysmith;
import dev.keysmith.mongodb.reactive.ReactiveRepository;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.stream.LongStream;
import org.bson.types.ObjectId;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Inserts entities on the reactive streams driver into an embedded MongoDB server, 250 sequence ids 50 at a time,
 * reads them back and checks them.
 */
public final class Main {

    private static final Duration WAIT = Duration.ofSeconds(30);

    public static void main(String[] args) {
        MongoServer server = new MongoServer(new MemoryBackend());       // only for this example
        server.bind(new InetSocketAddress("127.0.0.1", 0));
        String uri = server.getConnectionString();
        try (MongoClient client = MongoClients.create(uri);
                ReactiveKeysmith keysmith = ReactiveKeysmith.create(client.getDatabase("shop"))) {
            ReactiveRepository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
            Mono<Invoice> first = invoices.insert(new Invoice(null, new BigDecimal("12.50")));   // runs when subscribed
            List<Long> numbers = first.thenMany(Flux.range(1, 250))
                    .flatMap(i -> invoices.insert(new Invoice(null, BigDecimal.valueOf(i))), 50)   // 50 at a time
                    .map(Invoice::number)
                    .sort()
                    .collectList()
                    .block(WAIT);                                        // numbers 2 to 251, each once

            ReactiveRepository<Person, String> people = keysmith.repository(Person.class);
            Person ada = people.insert(new Person("Ada")).block(WAIT);   // ada.id: 24 hex digits

            check(numbers.equals(LongStream.rangeClosed(2, 251).boxed().toList()),
                    "250 inserts, 50 at a time, got the numbers 2 to 251, each once: " + numbers);
            check(invoices.count().block(WAIT) == 251, "251 invoices stored");
            check(ObjectId.isValid(ada.id), "Person id is an ObjectId: " + ada.id);
            check("Ada".equals(people.findById(ada.id).block(WAIT).name), "Person read back");
            System.out.println("Reactive example: Invoices 1 to " + (numbers.size() + 1) + ", 50 inserted at a time, "
                    + "Person " + ada.id + ": stored and read back");
        } finally {
            server.shutdown();
        }
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("failed: " + what);
        }
    }
}
