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
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Inserts 251 invoices on the reactive streams driver, 250 of them 50 at a time, and checks their numbers. */
public final class Main {

    public static void main(String[] args) {
        MongoServer server = new MongoServer(new MemoryBackend());       // only for this example: an embedded server
        server.bind(new InetSocketAddress("127.0.0.1", 0));
        try (MongoClient client = MongoClients.create(server.getConnectionString());
                ReactiveKeysmith keysmith = ReactiveKeysmith.create(client.getDatabase("shop"))) {
            ReactiveRepository<Invoice, Long> invoices = keysmith.repository(Invoice.class);
            Mono<Invoice> first = invoices.insert(new Invoice(null, new BigDecimal("12.50")));   // runs when subscribed
            List<Long> numbers = first.thenMany(Flux.range(1, 250))
                    .flatMap(i -> invoices.insert(new Invoice(null, BigDecimal.valueOf(i))), 50)   // 50 at a time
                    .map(Invoice::number)
                    .sort()
                    .collectList()
                    .block(Duration.ofSeconds(30));
            if (!numbers.equals(LongStream.rangeClosed(2, 251).boxed().toList())) {
                throw new IllegalStateException("expected the numbers 2 to 251, each once: " + numbers);
            }
            System.out.println("Reactive example: Invoice 1, then 250 inserted 50 at a time, numbered "
                    + numbers.get(0) + " to " + numbers.get(numbers.size() - 1) + ", each once");
        } finally {
            server.shutdown();
        }
    }
}
