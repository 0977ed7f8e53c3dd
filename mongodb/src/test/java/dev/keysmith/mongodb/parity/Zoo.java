package dev.keysmith.mongodb.parity;

import dev.keysmith.annotations.Document;
import java.util.List;
import org.bson.codecs.pojo.annotations.BsonDiscriminator;
import org.bson.types.ObjectId;

/** Polymorphic values told apart by {@code @BsonDiscriminator}, as the driver writes and reads them. */
public final class Zoo {

    private Zoo() {
    }

    /** An abstract base: only its subclasses are stored, each with its discriminator value. */
    @BsonDiscriminator
    public abstract static class Animal {
        public String name;
    }

    @BsonDiscriminator("dog")
    public static class Dog extends Animal {
        public boolean goodBoy;
    }

    @BsonDiscriminator("cat")
    public static class Cat extends Animal {
        public int lives;
    }

    /** A concrete base with its own key; a document without the key is a Shape itself. */
    @BsonDiscriminator(key = "kind")
    public static class Figure {
        public String label;
    }

    public static class Circle extends Figure {
        public double radius;
    }

    @Document
    public static class Enclosure {
        public ObjectId id;
        public Animal star;
        public List<Animal> animals;
        public Figure figure;
        public List<Figure> figures;
    }

    /** A document class with a discriminator of its own. */
    @Document
    @BsonDiscriminator(value = "Keeper", key = "type")
    public static class Keeper {
        public ObjectId id;
        public String name;
    }
}
