package dev.keysmith.mongodb.parity;

import dev.keysmith.annotations.Document;
import java.util.List;
import java.util.Map;
import org.bson.codecs.pojo.annotations.BsonDiscriminator;
import org.bson.codecs.pojo.annotations.BsonProperty;
import org.bson.types.ObjectId;

/** Polymorphism through interfaces, wildcards and the driver's discriminator rules. */
public final class Discriminated {

    private Discriminated() {
    }

    /** An interface with {@code @BsonDiscriminator}: its implementations inherit it. */
    @BsonDiscriminator
    public interface Figure {
    }

    public static class Circle implements Figure {
        public double radius;
    }

    public static class Square implements Figure {
        public double side;
        public String color;
    }

    /** A property of the interface type, a list of a wildcard of it, and a map of it. */
    @Document
    public static class Drawing {
        public ObjectId id;
        public Figure main;
        public List<? extends Figure> figures;
        public List<Figure> layers;
        public Map<String, Figure> named;
    }

    /** A base class with its own key and value; a subclass with a value of its own starts over ({@code _t}). */
    @BsonDiscriminator(key = "kind", value = "vehicle")
    public static class Vehicle {
        public String plate;
    }

    @BsonDiscriminator("truck")
    public static class Truck extends Vehicle {
        public int axles;
    }

    /** A subclass without an annotation of its own takes the base class's key and value. */
    public static class Van extends Vehicle {
        public int seats;
    }

    @Document
    public static class Fleet {
        public ObjectId id;
        public Truck truck;
        public Van van;
    }

    @Document
    public static class Garage {
        public ObjectId id;
        public Vehicle parked;
    }

    /** A discriminated value under {@code @BsonProperty(useDiscriminator = true)}, renamed and not. */
    @BsonDiscriminator
    public static class Tool {
        public String name;
    }

    @Document
    public static class Workshop {
        public ObjectId id;
        @BsonProperty(value = "primary", useDiscriminator = true)
        public Tool main;
        @BsonProperty(useDiscriminator = true)
        public Tool spare;
    }

    /** An abstract discriminated class under a plain {@code @BsonProperty}: its values are subclasses. */
    @BsonDiscriminator
    public abstract static class Payment {
        public String reference;
    }

    public static class Card extends Payment {
        public int last4;
    }

    @Document
    public static class Checkout {
        public ObjectId id;
        @BsonProperty("payment_method")
        public Payment payment;
    }
}
