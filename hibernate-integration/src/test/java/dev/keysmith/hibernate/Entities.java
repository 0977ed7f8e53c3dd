package dev.keysmith.hibernate;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.util.List;
import java.util.UUID;
import org.bson.types.ObjectId;

/** The entities of the suite: each annotation with field access, property access and on a mapped superclass. */
final class Entities {

    private Entities() {
    }

    /** What the tests need of every entity: its id, whatever its type. */
    interface Identified {
        Object id();
    }

    static final List<Class<?>> ALL = List.of(
            FieldObjectId.class, FieldSequence.class, FieldUuid.class, FieldRandom.class,
            PropertyObjectId.class, PropertySequence.class, PropertyUuid.class, PropertyRandom.class,
            InheritedObjectId.class, InheritedSequence.class, InheritedUuid.class, InheritedRandom.class);

    // Field access.

    @Entity
    public static class FieldObjectId implements Identified {
        @Id @GeneratedObjectId ObjectId id;
        String name = "field objectid";

        @Override
        public Object id() {
            return id;
        }
    }

    @Entity
    public static class FieldSequence implements Identified {
        @Id @Sequence Long id;
        String name = "field sequence";

        @Override
        public Object id() {
            return id;
        }
    }

    @Entity
    public static class FieldUuid implements Identified {
        @Id @UuidId UUID id;
        String name = "field uuid";

        @Override
        public Object id() {
            return id;
        }
    }

    @Entity
    public static class FieldRandom implements Identified {
        @Id @RandomId Long id;
        String name = "field random";

        @Override
        public Object id() {
            return id;
        }
    }

    // Property access: the annotations sit on the getters.

    @Entity
    public static class PropertyObjectId implements Identified {
        private String id;
        private String name = "property objectid";

        @Id @GeneratedObjectId
        public String getId() {
            return id;
        }

        public void setId(String id) {
            this.id = id;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        @Override
        public Object id() {
            return id;
        }
    }

    @Entity
    public static class PropertySequence implements Identified {
        private int id;
        private String name = "property sequence";

        @Id @Sequence(name = "property_ints", batch = 1)
        public int getId() {
            return id;
        }

        public void setId(int id) {
            this.id = id;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        @Override
        public Object id() {
            return id == 0 ? null : id;
        }
    }

    @Entity
    public static class PropertyUuid implements Identified {
        private String id;
        private String name = "property uuid";

        @Id @UuidId(version = UuidId.Version.TIME_ORDERED)
        public String getId() {
            return id;
        }

        public void setId(String id) {
            this.id = id;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        @Override
        public Object id() {
            return id;
        }
    }

    @Entity
    public static class PropertyRandom implements Identified {
        private long id;
        private String name = "property random";

        @Id @RandomId(digits = 9)
        public long getId() {
            return id;
        }

        public void setId(long id) {
            this.id = id;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        @Override
        public Object id() {
            return id == 0 ? null : id;
        }
    }

    // Ids declared on a @MappedSuperclass.

    @MappedSuperclass
    public abstract static class ObjectIdBase implements Identified {
        @Id @GeneratedObjectId ObjectId id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Entity
    public static class InheritedObjectId extends ObjectIdBase {
        String name = "inherited objectid";
    }

    @MappedSuperclass
    public abstract static class SequenceBase implements Identified {
        @Id @Sequence(batch = 10, counters = 4, digits = 9) Long id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Entity
    public static class InheritedSequence extends SequenceBase {
        String name = "inherited sequence";
    }

    @MappedSuperclass
    public abstract static class UuidBase implements Identified {
        @Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Entity
    public static class InheritedUuid extends UuidBase {
        String name = "inherited uuid";
    }

    @MappedSuperclass
    public abstract static class RandomBase implements Identified {
        @Id @RandomId(digits = 15) Long id;

        @Override
        public Object id() {
            return id;
        }
    }

    @Entity
    public static class InheritedRandom extends RandomBase {
        String name = "inherited random";
    }
}
