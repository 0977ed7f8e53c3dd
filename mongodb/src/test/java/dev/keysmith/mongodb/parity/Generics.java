package dev.keysmith.mongodb.parity;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.bson.types.ObjectId;

/** Generic embedded types with type arguments: PojoCodec resolves the type arguments per property, and so does keysmith. */
public final class Generics {

    private Generics() {
    }

    /** A generic embedded class with public fields. */
    public static class Range<T> {
        public T min;
        public T max;

        public Range() {
        }

        Range(T min, T max) {
            this.min = min;
            this.max = max;
        }
    }

    /** Two type parameters, private fields behind getters and setters. */
    public static class Pair<A, B> {
        private A first;
        private B second;

        public Pair() {
        }

        Pair(A first, B second) {
            this.first = first;
            this.second = second;
        }

        public A getFirst() {
            return first;
        }

        public void setFirst(A first) {
            this.first = first;
        }

        public B getSecond() {
            return second;
        }

        public void setSecond(B second) {
            this.second = second;
        }
    }

    /** A type variable inside a list and inside another generic type. */
    public static class Tagged<T> {
        public T value;
        public List<T> history;
        public Range<T> bounds;
    }

    /** The entity: each generic type used with its type arguments. */
    @dev.keysmith.annotations.Document
    public static class Offer {
        public ObjectId id;
        public Range<Integer> price;
        public Range<Instant> period;
        public Tagged<String> label;
        public Pair<Range<Integer>, Shapes.Level> nested;
    }

    /**
     * Generic types as elements of a list or values of a map: PojoCodec fails on them ("Pair contains generic
     * types that have not been specialised"); keysmith writes each element as PojoCodec writes the same value in
     * a property.
     */
    @dev.keysmith.annotations.Document
    public static class Stats {
        public ObjectId id;
        public List<Pair<String, Long>> counts;
        public Map<String, Range<Double>> limits;
    }
}
