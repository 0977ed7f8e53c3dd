package dev.keysmith.samples.springboot;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * Saves one entity of each kind through its repository and prints the ids keysmith gave them.
 *
 * <pre>
 * mvn -Pdemo -pl samples/spring-boot-mongodb -am package          # from the root, on an embedded server
 * mvn ... package -Dexec.args="--spring.data.mongodb.uri=mongodb://localhost/shop"
 * </pre>
 */
@SpringBootApplication
public class SampleApplication {

    public static void main(String[] args) {
        List<String> arguments = new ArrayList<>(List.of(args));
        MongoServer embedded = null;
        if (arguments.stream().noneMatch(a -> a.startsWith("--spring.data.mongodb.uri="))) {
            embedded = new MongoServer(new MemoryBackend());
            String address = embedded.bindAndGetConnectionString().replace("mongodb://", "");
            arguments.add("--spring.data.mongodb.uri=mongodb://" + address + "/shop");
        }
        try {
            SpringApplication.run(SampleApplication.class, arguments.toArray(String[]::new)).close();
        } finally {
            if (embedded != null) {
                embedded.shutdownNow();
            }
        }
    }

    /** The demo: ids appear on save, nothing else in the code asks for them. */
    @Bean
    ApplicationRunner demo(Invoices invoices, Customers customers, Comments comments, GiftCards giftCards) {
        return args -> {
            Customer ada = customers.save(new Customer(null, "Ada"));
            Invoice first = invoices.save(new Invoice(null, ada.name(), new BigDecimal("12.50")));
            Invoice second = invoices.save(new Invoice(null, ada.name(), new BigDecimal("99.00")));
            Comment comment = comments.save(new Comment("paid on time"));
            GiftCard card = giftCards.save(new GiftCard(null, 5_000));
            System.out.println("customer " + ada.id());
            System.out.println("invoices " + first.number() + ", " + second.number());
            System.out.println("comment  " + comment.getId());
            System.out.println("gift card " + card.number());
        };
    }
}
