package dev.keysmith.samples.springboot.reactive;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import reactor.core.publisher.Flux;

/**
 * Saves entities of each kind through their reactive repositories and prints the ids keysmith gave them.
 *
 * <pre>
 * mvn -Pdemo -pl samples/spring-boot-mongodb-reactive -am package          # Boot 3.5, on an embedded server
 * mvn -Pdemo -pl samples/spring-boot-mongodb-reactive/boot4 -am package    # Boot 4.1, on an embedded server
 * mvn ... package -Dexec.args="--spring.data.mongodb.uri=mongodb://localhost/shop"   # Boot 4: --spring.mongodb.uri
 * </pre>
 */
@SpringBootApplication
public class ReactiveSampleApplication {

    /** The connection string's property: Spring Boot 3's name, and Spring Boot 4's. */
    private static final List<String> URI_PROPERTIES = List.of("spring.data.mongodb.uri", "spring.mongodb.uri");

    public static void main(String[] args) {
        List<String> arguments = new ArrayList<>(List.of(args));
        MongoServer embedded = null;
        if (arguments.stream().noneMatch(a -> URI_PROPERTIES.stream().anyMatch(p -> a.startsWith("--" + p + "=")))) {
            embedded = new MongoServer(new MemoryBackend());
            String address = embedded.bindAndGetConnectionString().replace("mongodb://", "");
            URI_PROPERTIES.forEach(property -> arguments.add("--" + property + "=mongodb://" + address + "/shop"));
        }
        try {
            SpringApplication.run(ReactiveSampleApplication.class, arguments.toArray(String[]::new)).close();
        } finally {
            if (embedded != null) {
                embedded.shutdownNow();
            }
        }
    }

    /**
     * The demo: ids appear on save, nothing else in the code asks for them, and no thread waits for them (the
     * application's runner awaits the whole demo once, at its end).
     */
    @Bean
    ApplicationRunner demo(Invoices invoices, Customers customers, Comments comments, GiftCards giftCards) {
        return args -> customers.save(new Customer(null, "Ada"))
                .doOnNext(ada -> System.out.println("customer " + ada.id()))
                .flatMapMany(ada -> Flux.just(new Invoice(null, ada.name(), new BigDecimal("12.50")),
                        new Invoice(null, ada.name(), new BigDecimal("99.00"))))
                .concatMap(invoices::save)
                .map(Invoice::number)
                .collectList()
                .doOnNext(numbers -> System.out.println("invoices " + numbers.get(0) + ", " + numbers.get(1)))
                .then(comments.save(new Comment("paid on time")))
                .doOnNext(comment -> System.out.println("comment  " + comment.getId()))
                .then(giftCards.save(new GiftCard(null, 5_000)))
                .doOnNext(card -> System.out.println("gift card " + card.number()))
                .block();
    }
}
