package dev.keysmith.mongodb.parity;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Embedded;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.codecs.pojo.annotations.BsonCreator;
import org.bson.codecs.pojo.annotations.BsonDiscriminator;
import org.bson.codecs.pojo.annotations.BsonId;
import org.bson.codecs.pojo.annotations.BsonProperty;
import org.bson.types.ObjectId;

/** Further accessor, creator, container and discriminator shapes, each compared with PojoCodec. */
public final class MoreShapes {

    private MoreShapes() {
    }

    /** Methods that look like accessors and are not: protected, with parameters. */
    @Document
    public static class NotAccessors {
        public ObjectId id;
        private String secret = "s";
        public String name;

        protected String getSecret() {
            return secret;
        }

        public String getPart(int index) {
            return name == null ? null : name.substring(index);
        }
    }

    /** A fluent setter that returns the instance: still a setter. */
    @Document
    public static class Fluent {
        public ObjectId id;
        private String color;

        public String getColor() {
            return color;
        }

        public Fluent setColor(String color) {
            this.color = color;
            return this;
        }
    }

    /** {@code isX()} returning a {@code String}: the driver takes any {@code isX()} for a getter. */
    @Document
    public static class Oddly {
        public ObjectId id;
        private String valid;

        public String isValid() {
            return valid;
        }

        public void setValid(String valid) {
            this.valid = valid;
        }
    }

    /** The getter in the superclass, the setter in the subclass. */
    public abstract static class Described {
        protected String description;

        public String getDescription() {
            return description;
        }
    }

    @Document
    public static class Product extends Described {
        public ObjectId id;

        public void setDescription(String description) {
            this.description = description;
        }
    }

    /** A static {@code @BsonCreator} taking some properties, the others set afterwards through setters. */
    @Document
    public static class Order {
        private final ObjectId id;
        private final String customer;
        private int total;

        private Order(ObjectId id, String customer) {
            this.id = id;
            this.customer = customer;
        }

        @BsonCreator
        public static Order of(@BsonId ObjectId id, @BsonProperty("customer") String customer) {
            return new Order(id, customer);
        }

        public ObjectId getId() {
            return id;
        }

        public String getCustomer() {
            return customer;
        }

        public int getTotal() {
            return total;
        }

        public void setTotal(int total) {
            this.total = total;
        }
    }

    /** A {@code @BsonCreator} constructor whose {@code @BsonId} parameter sets a field named otherwise. */
    @Document
    public static class Country {
        private final String isoCode;
        private final String name;

        @BsonCreator
        public Country(@BsonId String isoCode, @BsonProperty("name") String name) {
            this.isoCode = isoCode;
            this.name = name;
        }

        @BsonId
        public String getIsoCode() {
            return isoCode;
        }

        public String getName() {
            return name;
        }
    }

    /** A collection class of the application with a public constructor. */
    public static class Tags extends ArrayList<String> {
        private static final long serialVersionUID = 1L;
    }

    @Document
    public static class Tagged {
        public ObjectId id;
        private Tags tags;

        public Tags getTags() {
            return tags;
        }

        public void setTags(Tags tags) {
            this.tags = tags;
        }
    }

    /** A generic page whose item type is a list, and a holder of a map of lists. */
    @Embedded
    public static class Page<T> {
        public int number;
        public List<T> items;
        public T first;
    }

    @Document
    public static class Results {
        public ObjectId id;
        public Page<List<String>> pages;
        public Containers.Holder<Map<String, List<Integer>>> grid;
    }

    /** A generic application class in an {@code org.bson} package. */
    @Document
    public static class Timeline {
        public ObjectId id;
        public org.bson.keysmithparity.Span<Integer> years;
    }

    /** An interface, an abstract class implementing it, and its subclasses: the interface's discriminator. */
    @BsonDiscriminator
    public interface Animal {
    }

    public abstract static class Mammal implements Animal {
        public String name;
    }

    public static class Whale extends Mammal {
        public double length;
    }

    public static class Bat extends Mammal {
        public boolean nocturnal;
    }

    @Document
    public static class Zoo {
        public ObjectId id;
        public List<Animal> animals;
        public Mammal star;
    }

    /** A boxed field behind primitive accessors: one type to the driver, so the field's annotation counts. */
    @Document
    public static class Gauge {
        public ObjectId id;
        @BsonProperty("c")
        private Integer count = 3;

        public int getCount() {
            return count;
        }

        public void setCount(int count) {
            this.count = count;
        }
    }

    /** Final fields behind getters, a constructor without parameters and one that takes them all. */
    @Document
    public static class Version {
        private final ObjectId id;
        private final int major;
        private final int minor;

        public Version() {
            this(null, 0, 0);
        }

        public Version(ObjectId id, int major, int minor) {
            this.id = id;
            this.major = major;
            this.minor = minor;
        }

        public ObjectId getId() {
            return id;
        }

        public int getMajor() {
            return major;
        }

        public int getMinor() {
            return minor;
        }
    }
}
