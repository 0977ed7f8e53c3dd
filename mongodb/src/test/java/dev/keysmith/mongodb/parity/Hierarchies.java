package dev.keysmith.mongodb.parity;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.Sequence;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.Collection;
import org.bson.codecs.pojo.annotations.BsonDiscriminator;
import org.bson.codecs.pojo.annotations.BsonExtraElements;
import org.bson.codecs.pojo.annotations.BsonProperty;
import org.bson.types.ObjectId;

/**
 * The shapes of PojoCodec models that keysmith refused before: a collection of an abstract
 * {@code @BsonDiscriminator} class, public fields of a subtype of their getter's type, {@code @BsonProperty}
 * switching a class's discriminator on or off, and a discriminated interface as a type argument.
 */
public final class Hierarchies {

    private Hierarchies() {
    }

    // A collection of an abstract @BsonDiscriminator class, with keysmith's id on the base class.

    @Document(collection = "activity")
    @BsonDiscriminator
    public abstract static class Activity {
        @GeneratedObjectId
        public ObjectId id;
        public Instant at;
    }

    public static class Click extends Activity {
        public String button;
    }

    /** A discriminator value of its own. */
    @BsonDiscriminator("view")
    public static class PageView extends Activity {
        public String page;
        public int seconds;
    }

    /** A @Sequence on the base: one sequence, named after the base class's collection, for every subclass. */
    @Document(collection = "tasks")
    @BsonDiscriminator(key = "kind")
    public abstract static class Task {
        @Sequence
        public Long id;
        public String title;
    }

    public static class Chore extends Task {
        public int minutes;
    }

    public static class Errand extends Task {
        public String place;
    }

    /** No id property: the driver assigns _id on insert. Accessors on the base. */
    @Document(collection = "journal")
    @BsonDiscriminator(key = "type")
    public abstract static class Entry {
        private Instant at;

        public Instant getAt() {
            return at;
        }

        public void setAt(Instant at) {
            this.at = at;
        }
    }

    @BsonDiscriminator(key = "type", value = "note")
    public static class Note extends Entry {
        public String text;
    }

    @BsonDiscriminator(key = "type", value = "alarm")
    public static class Alarm extends Entry {
        public int level;
    }

    // A public field of a subtype of its getter's type, with no setter.

    @Document
    public static class Playlist {
        public ObjectId id;
        /** Read as the getter's List, set into the field: an ArrayList, as the driver's. */
        public ArrayList<String> songs;
        /** The driver creates a HashMap for the Map getter, and cannot set it. */
        public LinkedHashMap<String, Integer> plays;
        /** A collection the driver reads as an ArrayList and then cannot set: keysmith reads a LinkedList. */
        public LinkedList<Integer> ratings;
        public TreeSet<String> genres;

        public List<String> getSongs() {
            return songs;
        }

        public Map<String, Integer> getPlays() {
            return plays;
        }

        public List<Integer> getRatings() {
            return ratings;
        }

        public Collection<String> getGenres() {
            return genres;
        }
    }

    /**
     * Only the shapes the driver reads back: an ArrayList field behind a List getter, a HashMap field behind a Map
     * getter (the classes the driver creates for them).
     */
    @Document
    public static class Album {
        public ObjectId id;
        public ArrayList<String> tracks;
        public HashMap<String, Integer> lengths;
        /** A discriminated value behind a getter of its interface. */
        public Discriminated.Circle cover;

        public List<String> getTracks() {
            return tracks;
        }

        public Map<String, Integer> getLengths() {
            return lengths;
        }

        public Discriminated.Figure getCover() {
            return cover;
        }
    }

    // @BsonProperty(useDiscriminator = true) on a class without @BsonDiscriminator.

    /** No discriminator, no subclass. */
    public static class Place {
        public String name;
        public double lat;
    }

    /** With an id of its own: stored as _id, then the discriminator. */
    public static class Stop {
        public Integer id;
        public String name;
    }

    @Document
    public static class Trip {
        public ObjectId id;
        @BsonProperty(useDiscriminator = true)
        public Place start;
        @BsonProperty(value = "end", useDiscriminator = true)
        public Place finish;
        @BsonProperty(useDiscriminator = true)
        public Stop stop;
        /** The same class without the switch: no discriminator. */
        public Place via;
    }

    /** A record: the driver's record codec writes it with no discriminator, whatever the property says. */
    public record Point(double x, double y) {
    }

    @Document
    public static class Pin {
        public ObjectId id;
        @BsonProperty(useDiscriminator = true)
        public Point point;
    }

    // A concrete @BsonDiscriminator class under a @BsonProperty without useDiscriminator = true.

    @BsonDiscriminator("pet")
    public static class Pet {
        public String name;
        public int age;
    }

    @Document
    public static class Adoption {
        public ObjectId id;
        /** Written without its discriminator, read as a Pet. */
        @BsonProperty("animal")
        public Pet pet;
        /** The same class without @BsonProperty: with its discriminator. */
        public Pet other;
    }

    /** A discriminator and extra elements: the discriminator is no extra element. */
    @BsonDiscriminator("labelled")
    public static class Labelled {
        public String name;
        @BsonExtraElements
        public org.bson.Document rest;
    }

    @Document
    public static class Shelf {
        public ObjectId id;
        public Labelled item;
    }

    // A discriminated interface as a type argument.

    @Document
    public static class Canvas {
        public ObjectId id;
        public Generics.Range<Discriminated.Figure> bounds;
        public Generics.Pair<Discriminated.Figure, String> labelled;
        public Generics.Range<List<Discriminated.Figure>> layers;
    }
}
