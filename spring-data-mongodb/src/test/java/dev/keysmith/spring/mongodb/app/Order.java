package dev.keysmith.spring.mongodb.app;

import dev.keysmith.annotations.Sequence;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A mutable entity whose id comes from the sequence named after its collection, ten ids per round trip. */
@Document("orders")
public class Order {

    @Id
    @Sequence(batch = 10)
    private Long id;
    private String item;

    public Order() {
    }

    public Order(String item) {
        this.item = item;
    }

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public String getItem() {
        return item;
    }

    public void setItem(String item) {
        this.item = item;
    }
}
