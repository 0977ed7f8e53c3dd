package dev.keysmith.mongodb.parity;

import dev.keysmith.annotations.Document;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.bson.BsonType;
import org.bson.codecs.pojo.annotations.BsonCreator;
import org.bson.codecs.pojo.annotations.BsonId;
import org.bson.codecs.pojo.annotations.BsonIgnore;
import org.bson.codecs.pojo.annotations.BsonProperty;
import org.bson.codecs.pojo.annotations.BsonRepresentation;
import org.bson.types.ObjectId;

/**
 * Classes whose properties come from accessors as much as from fields: the driver's class model merges getters,
 * setters and fields by property name, and keysmith reads them the same way.
 */
public final class Accessors {

    private Accessors() {
    }

    /** The field's name ({@code mTitle}) is not the property's ({@code title}): only the accessors count. */
    @Document
    public static class PrefixedField {
        private ObjectId id;
        private String mTitle;
        private int mPages;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        public String getTitle() {
            return mTitle;
        }

        public void setTitle(String title) {
            this.mTitle = title;
        }

        public int getPages() {
            return mPages;
        }

        public void setPages(int pages) {
            this.mPages = pages;
        }
    }

    /** A {@code byte[]} field behind a {@code String} getter: the getter's type is the property's (read-only). */
    @Document
    public static class EncodedNote {
        public ObjectId id;
        private byte[] text = {104, 105};

        public String getText() {
            return new String(text, java.nio.charset.StandardCharsets.US_ASCII);
        }
    }

    /** Accessors declared by a generic interface, implemented by the class. */
    public interface Labelled<T> {
        T getLabel();

        void setLabel(T label);
    }

    @Document
    public static class Parcel implements Labelled<String> {
        public ObjectId id;
        private String label;
        public double weight;

        @Override
        public String getLabel() {
            return label;
        }

        @Override
        public void setLabel(String label) {
            this.label = label;
        }
    }

    /** A getter that is a default method of an interface: written, and not read (it has no setter). */
    public interface Coded {
        String getPrefix();

        default String getCode() {
            return getPrefix() + "-7";
        }
    }

    @Document
    public static class Ticket implements Coded {
        public ObjectId id;
        public String prefix;

        @Override
        public String getPrefix() {
            return prefix;
        }
    }

    /** A base class whose getter returns {@code Number}, overridden in the subclass to return {@code Integer}. */
    public abstract static class Measure {
        protected Number amount;

        public Number getAmount() {
            return amount;
        }

        public void setAmount(Number amount) {
            this.amount = amount;
        }
    }

    @Document
    public static class Count extends Measure {
        public ObjectId id;

        @Override
        public Integer getAmount() {
            return (Integer) amount;
        }
    }

    /** A setter that takes a wider type ({@code Collection}) than the field ({@code List}). */
    @Document
    public static class Basket {
        public ObjectId id;
        private List<String> items = new ArrayList<>();

        public List<String> getItems() {
            return items;
        }

        public void setItems(Collection<String> items) {
            this.items = new ArrayList<>(items);
        }
    }

    /** A {@code transient} field behind a getter and a setter: not stored. */
    @Document
    public static class Session {
        public ObjectId id;
        public String user;
        private transient String token;

        public String getToken() {
            return token;
        }

        public void setToken(String token) {
            this.token = token;
        }
    }

    /** A {@code static} field with a getter, and a static getter: neither is stored. */
    @Document
    public static class Counter {
        private static int created = 3;
        public ObjectId id;
        public String name;

        public static int getCreated() {
            return created;
        }

        public static String getKind() {
            return "counter";
        }
    }

    /** A {@code final} field with a getter only: written, never read. */
    @Document
    public static class Stamp {
        public ObjectId id;
        private final String origin = "factory";
        public String label;

        public String getOrigin() {
            return origin;
        }
    }

    /** A {@code final} field with a setter: written, and the setter is never called. */
    @Document
    public static class Locked {
        public ObjectId id;
        private final String code;

        public Locked() {
            this.code = "fixed";
        }

        public String getCode() {
            return code;
        }

        public void setCode(String code) {
            throw new IllegalStateException("the setter of a final field is never called");
        }
    }

    /** A getter computed from other properties, with no field or setter: written, never read. */
    @Document
    public static class Rectangle {
        public ObjectId id;
        public int width;
        public int height;

        public int getArea() {
            return width * height;
        }
    }

    /** {@code isX()} on a boolean and on a {@code Boolean}, {@code getX()} on a {@code Boolean}. */
    @Document
    public static class Flags {
        private ObjectId id;
        private boolean open;
        private Boolean archived;
        private Boolean pinned;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        public boolean isOpen() {
            return open;
        }

        public void setOpen(boolean open) {
            this.open = open;
        }

        public Boolean isArchived() {
            return archived;
        }

        public void setArchived(Boolean archived) {
            this.archived = archived;
        }

        public Boolean getPinned() {
            return pinned;
        }

        public void setPinned(Boolean pinned) {
            this.pinned = pinned;
        }
    }

    /** A public field and a getter that returns something else: the getter's value is written, as the driver does. */
    @Document
    public static class Greeting {
        public ObjectId id;
        public String name;

        public String getName() {
            return name == null ? "anonymous" : name;
        }
    }

    /** A private field with no accessor: not stored (the driver cannot see it). */
    @Document
    public static class Hidden {
        public ObjectId id;
        public String shown;
        private String secret = "kept";

        public String secret() {
            return secret;
        }

        public void secret(String secret) {
            this.secret = secret;
        }
    }

    /** Properties from a superclass's accessors, and a subclass field hiding one of the superclass. */
    public abstract static class Person {
        private String name;
        protected String nickname;

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }
    }

    @Document
    public static class Employee extends Person {
        public ObjectId id;
        public String nickname;
        private int level;

        public int getLevel() {
            return level;
        }

        public void setLevel(int level) {
            this.level = level;
        }
    }

    /** {@code @BsonIgnore} on the getter only: read from documents, never written to them. */
    @Document
    public static class Draft {
        public ObjectId id;
        private String text;
        private String preview;

        public String getText() {
            return text;
        }

        public void setText(String text) {
            this.text = text;
        }

        @BsonIgnore
        public String getPreview() {
            return preview;
        }

        public void setPreview(String preview) {
            this.preview = preview;
        }
    }

    /** {@code @BsonIgnore} on the setter only: written to documents, never read from them. */
    @Document
    public static class Published {
        public ObjectId id;
        private String title;
        private String slug;

        public String getTitle() {
            return title;
        }

        public void setTitle(String title) {
            this.title = title;
        }

        public String getSlug() {
            return slug;
        }

        @BsonIgnore
        public void setSlug(String slug) {
            this.slug = slug;
        }
    }

    /** {@code @BsonIgnore} on the field: neither written nor read, whatever its accessors. */
    @Document
    public static class Cached {
        public ObjectId id;
        public String key;
        @BsonIgnore
        private String value;

        public String getValue() {
            return value;
        }

        public void setValue(String value) {
            this.value = value;
        }
    }

    /** {@code @BsonProperty} on the field of a property with accessors: the name in both directions. */
    @Document
    public static class Renamed {
        public ObjectId id;
        @BsonProperty("full_name")
        private String fullName;

        public String getFullName() {
            return fullName;
        }

        public void setFullName(String fullName) {
            this.fullName = fullName;
        }
    }

    /** The same {@code @BsonProperty} on the getter and on the setter. */
    @Document
    public static class RenamedAccessors {
        public ObjectId id;
        private int stock;

        @BsonProperty("qty")
        public int getStock() {
            return stock;
        }

        @BsonProperty("qty")
        public void setStock(int stock) {
            this.stock = stock;
        }
    }

    /** {@code @BsonProperty("id")} on a field named {@code id}: stored as {@code id}, not as the document's _id. */
    @Document
    public static class ExternalId {
        @BsonProperty("id")
        public long id;
        public String source;
    }

    /** {@code @BsonProperty("key")} on a field named {@code id}: stored as {@code key}. */
    @Document
    public static class Keyed {
        @BsonProperty("key")
        public String id;
        public int rank;
    }

    /** {@code @BsonId} on the getter of a final field that a {@code @BsonCreator} sets. */
    @Document
    public static class Account {
        private final String number;
        private String owner;

        @BsonCreator
        public Account(@BsonId String number) {
            this.number = number;
        }

        @BsonId
        public String getNumber() {
            return number;
        }

        public String getOwner() {
            return owner;
        }

        public void setOwner(String owner) {
            this.owner = owner;
        }
    }

    /** A getter named with capitals after the prefix: {@code getURL()} is the property {@code uRL}. */
    @Document
    public static class Link {
        public ObjectId id;
        private String url;

        public String getURL() {
            return url;
        }

        public void setURL(String url) {
            this.url = url;
        }
    }

    /** A generic base class with accessors, its type argument given by the subclass. */
    public abstract static class Box<T> {
        private T content;
        private List<T> history = new ArrayList<>();

        public T getContent() {
            return content;
        }

        public void setContent(T content) {
            this.content = content;
        }

        public List<T> getHistory() {
            return history;
        }

        public void setHistory(List<T> history) {
            this.history = history;
        }
    }

    @Document
    public static class NumberBox extends Box<Long> {
        public ObjectId id;
    }

    /** Containers and an embedded value behind accessors. */
    @Document
    public static class Catalog {
        private ObjectId id;
        private Map<String, List<String>> sections;
        private List<Shapes.Tagged> addresses;
        private Shapes.Level level;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        public Map<String, List<String>> getSections() {
            return sections;
        }

        public void setSections(Map<String, List<String>> sections) {
            this.sections = sections;
        }

        public List<Shapes.Tagged> getAddresses() {
            return addresses;
        }

        public void setAddresses(List<Shapes.Tagged> addresses) {
            this.addresses = addresses;
        }

        public Shapes.Level getLevel() {
            return level;
        }

        public void setLevel(Shapes.Level level) {
            this.level = level;
        }
    }

    /** {@code @BsonRepresentation(OBJECT_ID)} on a getter. */
    @Document
    public static class Reference {
        public ObjectId id;
        private String targetId;

        @BsonRepresentation(BsonType.OBJECT_ID)
        public String getTargetId() {
            return targetId;
        }

        public void setTargetId(String targetId) {
            this.targetId = targetId;
        }
    }
}
