package dev.keysmith.mongodb.parity;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.Embedded;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.codecs.pojo.annotations.BsonCreator;
import org.bson.codecs.pojo.annotations.BsonExtraElements;
import org.bson.codecs.pojo.annotations.BsonProperty;
import org.bson.types.ObjectId;

/** Collection types of the application, generic types holding collections, and extra elements in any map. */
public final class Containers {

    private Containers() {
    }

    /** An immutable list with no public constructor: created only through {@link #of(Collection)}. */
    public static final class FrozenList<E> extends AbstractList<E> {
        private final List<E> elements;

        private FrozenList(Collection<? extends E> elements) {
            this.elements = List.copyOf(elements);
        }

        public static <E> FrozenList<E> of(Collection<? extends E> elements) {
            return new FrozenList<>(elements);
        }

        @Override
        public E get(int index) {
            return elements.get(index);
        }

        @Override
        public int size() {
            return elements.size();
        }
    }

    /** A field of the custom type, a getter returning it, a setter taking a {@code List}. */
    @Document
    public static class Playlist {
        public ObjectId id;
        private FrozenList<String> songs = FrozenList.of(List.of());

        public FrozenList<String> getSongs() {
            return songs;
        }

        public void setSongs(List<String> songs) {
            this.songs = FrozenList.of(songs);
        }
    }

    /** The custom type behind a {@code @BsonCreator} that takes a {@code List}. */
    @Document
    public static class Roster {
        private final ObjectId id;
        private final FrozenList<String> members;

        @BsonCreator
        public Roster(@BsonProperty("id") ObjectId id, @BsonProperty("members") List<String> members) {
            this.id = id;
            this.members = FrozenList.of(members);
        }

        public ObjectId getId() {
            return id;
        }

        public FrozenList<String> getMembers() {
            return members;
        }
    }

    /** A generic holder whose type argument is a map or a list. */
    @Embedded
    public static class Holder<T> {
        public T value;
        public String note;
    }

    @Embedded
    public static class Item {
        public String sku;
        public int quantity;
    }

    @Document
    public static class Warehouse {
        public ObjectId id;
        public Holder<Map<String, Item>> stock;
        public Holder<List<Item>> backlog;
        public Holder<List<String>> tags;
    }

    /** Extra elements in a {@code Map<String, String>}. */
    @Document
    public static class LabelledThing {
        public ObjectId id;
        public String name;
        @BsonExtraElements
        public Map<String, String> labels;
    }

    /** Extra elements in a {@code HashMap<String, Object>}, behind accessors. */
    @Document
    public static class Open {
        private ObjectId id;
        private HashMap<String, Object> rest;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        @BsonExtraElements
        public HashMap<String, Object> getRest() {
            return rest;
        }

        public void setRest(HashMap<String, Object> rest) {
            this.rest = rest;
        }
    }

    /** Extra elements in a {@code Map<String, Integer>}. */
    @Document
    public static class Scores {
        public ObjectId id;
        public String player;
        @BsonExtraElements
        public Map<String, Integer> byLevel;
    }

    /** A list held by a class in a package of its own, next to a driver-named one: see {@code org.bson.keysmithparity}. */
    @Document
    public static class Shelf {
        public ObjectId id;
        public org.bson.keysmithparity.Label label;
        public List<String> books = new ArrayList<>();
    }
}
