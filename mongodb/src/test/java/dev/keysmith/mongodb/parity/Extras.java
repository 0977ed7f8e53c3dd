package dev.keysmith.mongodb.parity;

import java.util.Map;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.codecs.pojo.annotations.BsonExtraElements;
import org.bson.types.ObjectId;

/** {@code @BsonExtraElements}: the fields no property reads are collected into one property and written back. */
public final class Extras {

    private Extras() {
    }

    /** Into a {@code Document}, on a field between others (the elements are written where it is). */
    @dev.keysmith.annotations.Document
    public static class WithDocument {
        public ObjectId id;
        public int age;
        @BsonExtraElements
        public Document extra;
        public String name;
    }

    /** Into a {@code BsonDocument}. */
    @dev.keysmith.annotations.Document
    public static class WithBsonDocument {
        public ObjectId id;
        public String name;
        @BsonExtraElements
        public BsonDocument rest;
    }

    /** Into a {@code Map<String, Object>}, annotated on the getter. */
    @dev.keysmith.annotations.Document
    public static class WithMap {
        private ObjectId id;
        private String name;
        private Map<String, Object> others;

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

        @BsonExtraElements
        public Map<String, Object> getOthers() {
            return others;
        }

        public void setOthers(Map<String, Object> others) {
            this.others = others;
        }
    }
}
