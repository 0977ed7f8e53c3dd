package dev.keysmith.mongodb.parity;

import dev.keysmith.annotations.Document;
import java.util.List;
import org.bson.codecs.pojo.annotations.BsonCreator;
import org.bson.codecs.pojo.annotations.BsonDiscriminator;
import org.bson.codecs.pojo.annotations.BsonId;
import org.bson.codecs.pojo.annotations.BsonIgnore;
import org.bson.codecs.pojo.annotations.BsonProperty;
import org.bson.types.ObjectId;

/**
 * The shapes of issue 32 that keysmith once refused and the driver accepts, and the fixes its messages suggest
 * where the driver cannot read its own documents back: each with {@code @Document} alone.
 */
public final class DriverShapes {

    private DriverShapes() {
    }

    /** A static {@code @BsonCreator} of an abstract superclass that returns the superclass. */
    public abstract static class Coupon {
        private final String code;
        private final int percent;

        Coupon(String code, int percent) {
            this.code = code;
            this.percent = percent;
        }

        @BsonId
        public String getCode() {
            return code;
        }

        public int getPercent() {
            return percent;
        }

        @BsonCreator
        public static Coupon of(@BsonId String code, @BsonProperty("percent") int percent) {
            return new SeasonCoupon(code, percent);
        }
    }

    /** Created by its superclass's creator; its only constructor is package-private. */
    @Document
    public static final class SeasonCoupon extends Coupon {
        SeasonCoupon(String code, int percent) {
            super(code, percent);
        }
    }

    /** The same driver annotations on a field and its accessors. */
    @Document
    public static final class Lantern {
        private ObjectId id;
        @BsonProperty("c")
        private String color;
        @BsonIgnore
        private String cache;
        private int watts;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        @BsonProperty("c")
        public String getColor() {
            return color;
        }

        @BsonProperty(value = "c", useDiscriminator = false)
        public void setColor(String color) {
            this.color = color;
        }

        public String getCache() {
            return cache;
        }

        @BsonIgnore
        public void setCache(String cache) {
            this.cache = cache;
        }

        public int getWatts() {
            return watts;
        }

        public void setWatts(int watts) {
            this.watts = watts;
        }
    }

    /** The fix for an interface without discriminator: {@code @BsonDiscriminator} on it. */
    @BsonDiscriminator
    public interface Instrument {
    }

    public static final class Piano implements Instrument {
        private int keys;

        public int getKeys() {
            return keys;
        }

        public void setKeys(int keys) {
            this.keys = keys;
        }
    }

    @BsonDiscriminator("drum")
    public static final class Drum implements Instrument {
        private double size;

        public double getSize() {
            return size;
        }

        public void setSize(double size) {
            this.size = size;
        }
    }

    /** An interface property and a wildcard list of it. */
    @Document
    public static final class Band {
        private ObjectId id;
        private Instrument lead;
        private List<? extends Instrument> section;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        public Instrument getLead() {
            return lead;
        }

        public void setLead(Instrument lead) {
            this.lead = lead;
        }

        public List<? extends Instrument> getSection() {
            return section;
        }

        public void setSection(List<? extends Instrument> section) {
            this.section = section;
        }
    }

    /** An interface without {@code @BsonDiscriminator}, its implementations discriminated by their superclass. */
    public interface Payment {
    }

    @BsonDiscriminator
    public abstract static class CardPayment implements Payment {
        private String holder;

        public String getHolder() {
            return holder;
        }

        public void setHolder(String holder) {
            this.holder = holder;
        }
    }

    public static final class Visa extends CardPayment {
        private String last4;

        public String getLast4() {
            return last4;
        }

        public void setLast4(String last4) {
            this.last4 = last4;
        }
    }

    /** The interface switched on by {@code useDiscriminator = true}: the driver reads each value's {@code _t}. */
    @Document
    public static final class Checkout {
        private ObjectId id;
        @BsonProperty(useDiscriminator = true)
        private Payment payment;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        public Payment getPayment() {
            return payment;
        }

        public void setPayment(Payment payment) {
            this.payment = payment;
        }
    }

    /** A generic class, stored with {@code _t} under {@code useDiscriminator = true}. */
    public static final class Slot<T> {
        private T value;

        public T getValue() {
            return value;
        }

        public void setValue(T value) {
            this.value = value;
        }
    }

    @Document
    public static final class Shelf {
        private ObjectId id;
        private Slot<String> slot;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        @BsonProperty(useDiscriminator = true)
        public Slot<String> getSlot() {
            return slot;
        }

        public void setSlot(Slot<String> slot) {
            this.slot = slot;
        }
    }

    /** The fix for a {@code @BsonId} creator parameter without an id property: {@code @BsonId} on the getter. */
    @Document
    public static final class Voucher {
        private final String serial;
        private String note;

        @BsonCreator
        public Voucher(@BsonId String serial) {
            this.serial = serial;
        }

        @BsonId
        public String getSerial() {
            return serial;
        }

        public String getNote() {
            return note;
        }

        public void setNote(String note) {
            this.note = note;
        }
    }

    /** Every property through a creator: a missing reference is null, a missing primitive an error, in both codecs. */
    @Document
    public static final class Receipt {
        private final ObjectId id;
        private final String shop;
        private final long cents;

        @BsonCreator
        public Receipt(@BsonId ObjectId id, @BsonProperty("shop") String shop, @BsonProperty("cents") long cents) {
            this.id = id;
            this.shop = shop;
            this.cents = cents;
        }

        public ObjectId getId() {
            return id;
        }

        public String getShop() {
            return shop;
        }

        public long getCents() {
            return cents;
        }
    }
}
