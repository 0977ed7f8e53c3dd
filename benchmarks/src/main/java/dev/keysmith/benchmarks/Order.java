package dev.keysmith.benchmarks;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.GeneratedObjectId;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.bson.types.ObjectId;

/**
 * The 10-field entity of the codec benchmarks: a plain getter/setter class, so that the driver's
 * {@code PojoCodecProvider}, keysmith's generated codec and {@link OrderHandWrittenCodec} all handle it and
 * write the same bytes.
 *
 * <p>Not thread-safe: confine to one thread.
 */
@Document(collection = "orders")
public class Order {

    public enum Status { NEW, PAID, SHIPPED }

    @GeneratedObjectId
    private ObjectId id;
    private String customer;
    private int quantity;
    private long totalCents;
    private double weight;
    private boolean gift;
    private Instant created;
    private BigDecimal price;
    private List<String> tags;
    private Status status;

    public Order() {
    }

    static Order sample() {
        Order order = new Order();
        order.setId(new ObjectId("5f1b2c3d4e5f6a7b8c9d0e1f"));
        order.setCustomer("Ada Lovelace");
        order.setQuantity(3);
        order.setTotalCents(12_999L);
        order.setWeight(1.25);
        order.setGift(true);
        order.setCreated(Instant.parse("2026-11-21T12:00:00Z"));
        order.setPrice(new BigDecimal("43.33"));
        order.setTags(List.of("books", "gift", "express"));
        order.setStatus(Status.PAID);
        return order;
    }

    public ObjectId getId() { return id; }
    public void setId(ObjectId id) { this.id = id; }
    public String getCustomer() { return customer; }
    public void setCustomer(String customer) { this.customer = customer; }
    public int getQuantity() { return quantity; }
    public void setQuantity(int quantity) { this.quantity = quantity; }
    public long getTotalCents() { return totalCents; }
    public void setTotalCents(long totalCents) { this.totalCents = totalCents; }
    public double getWeight() { return weight; }
    public void setWeight(double weight) { this.weight = weight; }
    public boolean isGift() { return gift; }
    public void setGift(boolean gift) { this.gift = gift; }
    public Instant getCreated() { return created; }
    public void setCreated(Instant created) { this.created = created; }
    public BigDecimal getPrice() { return price; }
    public void setPrice(BigDecimal price) { this.price = price; }
    public List<String> getTags() { return tags; }
    public void setTags(List<String> tags) { this.tags = tags; }
    public Status getStatus() { return status; }
    public void setStatus(Status status) { this.status = status; }
}
