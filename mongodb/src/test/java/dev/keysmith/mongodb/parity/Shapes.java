package dev.keysmith.mongodb.parity;


import dev.keysmith.annotations.Embedded;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.BsonType;
import org.bson.codecs.pojo.annotations.BsonId;
import org.bson.codecs.pojo.annotations.BsonIgnore;
import org.bson.codecs.pojo.annotations.BsonProperty;
import org.bson.codecs.pojo.annotations.BsonRepresentation;
import org.bson.types.ObjectId;

/** Everyday entity shapes, as static nested classes with public fields unless the shape is about accessors. */
public final class Shapes {

    private Shapes() {
    }

    /** Every primitive the driver has a codec for. */
    @dev.keysmith.annotations.Document
    public static class Primitives {
        public ObjectId id;
        public int count;
        public long total;
        public double ratio;
        public float weight;
        public short small;
        public byte tiny;
        public char initial;
        public boolean active;
    }

    /** Boxed values, some null (left out of the document). */
    @dev.keysmith.annotations.Document
    public static class Boxes {
        public ObjectId id;
        public Integer count;
        public Long total;
        public Double ratio;
        public Boolean active;
        public String name;
        public Float weight;
    }

    /** Private fields behind getters and setters. */
    @dev.keysmith.annotations.Document
    public static class Bean {
        private ObjectId id;
        private String name;
        private int age;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public int getAge() {
            return age;
        }

        public void setAge(int age) {
            this.age = age;
        }
    }

    /** A {@code Boolean isX()} getter. */
    @dev.keysmith.annotations.Document
    public static class BooleanIs {
        private ObjectId id;
        private Boolean verified;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        public Boolean isVerified() {
            return verified;
        }

        public void setVerified(Boolean verified) {
            this.verified = verified;
        }
    }

    /** A getter that returns a supertype of its field. */
    @dev.keysmith.annotations.Document
    public static class CovariantGetter {
        private ObjectId id;
        private ArrayList<String> tags;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        public List<String> getTags() {
            return tags;
        }

        public void setTags(ArrayList<String> tags) {
            this.tags = tags;
        }
    }

    public enum Level { LOW, HIGH }

    /** Enums, dates and times, decimals, UUIDs, ObjectIds and bytes. */
    @dev.keysmith.annotations.Document
    public static class Scalars {
        public ObjectId id;
        public Level level;
        public Instant at;
        public Date when;
        public LocalDate day;
        public LocalDateTime local;
        public BigDecimal price;
        public UUID token;
        public ObjectId owner;
        public byte[] blob;
    }

    /** Every Collection interface and the common implementations. */
    @dev.keysmith.annotations.Document
    public static class Collections {
        public ObjectId id;
        public List<String> list;
        public Set<String> set;
        public Collection<String> collection;
        public ArrayList<Integer> arrayList;
        public LinkedList<String> linkedList;
        public HashSet<String> hashSet;
        public LinkedHashSet<String> linkedHashSet;
        public TreeSet<String> treeSet;
        public SortedSet<String> sortedSet;
        public NavigableSet<String> navigableSet;
        public Queue<String> queue;
        public Deque<String> deque;
        public ArrayDeque<String> arrayDeque;
        public List<List<Integer>> nested;
    }

    /** Every Map interface and the common implementations. */
    @dev.keysmith.annotations.Document
    public static class Maps {
        public ObjectId id;
        public Map<String, Integer> map;
        public HashMap<String, String> hashMap;
        public LinkedHashMap<String, Long> linkedHashMap;
        public TreeMap<String, Double> treeMap;
        public SortedMap<String, String> sortedMap;
        public Map<String, List<String>> listValues;
    }

    /** Untyped values: Document, BsonDocument, BsonValue, Map<String, Object> and Object. */
    @dev.keysmith.annotations.Document
    public static class Untyped {
        public ObjectId id;
        public Document document;
        public BsonDocument bsonDocument;
        public BsonValue bsonValue;
        public Map<String, Object> attributes;
        public Object anything;
        public List<Object> mixed;
    }

    /** An embedded type with @Embedded. */
    @Embedded
    public static class Tagged {
        public String label;
        public int weight;
    }

    /** A nested type without @Embedded: the processor generates its codec too. */
    public static class Plain {
        public String note;
        public List<Tagged> tags;
    }

    /** Embedded values alone, in lists and maps, with and without @Embedded. */
    @dev.keysmith.annotations.Document
    public static class Nesting {
        public ObjectId id;
        public Tagged tagged;
        public Plain plain;
        public List<Tagged> list;
        public Map<String, Plain> byName;
    }

    /** An embedded property named 'id', which the driver stores as '_id'. */
    @Embedded
    public static class LineItem {
        public String sku;
        public Integer id;
        public int quantity;
    }

    @dev.keysmith.annotations.Document
    public static class WithEmbeddedIds {
        public ObjectId id;
        public List<LineItem> items;
        public LineItem first;
    }

    /** The driver's annotations: @BsonId, @BsonProperty, @BsonIgnore, @BsonRepresentation. */
    @dev.keysmith.annotations.Document
    public static class Annotated {
        @BsonId
        public String code;
        @BsonProperty("full_name")
        public String name;
        @BsonIgnore
        public String secret;
        @BsonRepresentation(BsonType.OBJECT_ID)
        public String ownerId;
    }

    /** A String id stored as an ObjectId by @BsonRepresentation. */
    @dev.keysmith.annotations.Document
    public static class RepresentedId {
        @BsonRepresentation(BsonType.OBJECT_ID)
        public String id;
        public String name;
    }

    /** A record with a nested record. */
    public record Point(double x, double y) {
    }

    @dev.keysmith.annotations.Document
    public record Place(@BsonId ObjectId id, String name, Point point, List<String> tags) {
    }

    /** Components whose locals would clash in generated code. */
    @dev.keysmith.annotations.Document
    public record Offer(@BsonId ObjectId id, int discount, boolean hasDiscount, String value, String reader) {
    }
}
