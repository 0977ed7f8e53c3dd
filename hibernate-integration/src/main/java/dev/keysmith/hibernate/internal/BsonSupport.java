package dev.keysmith.hibernate.internal;

/**
 * Whether {@code org.mongodb:bson} is on the classpath. It comes with keysmith-runtime, but only
 * {@code @GeneratedObjectId} and {@code ObjectId} attributes need it, so a JPA application that uses neither may
 * exclude it. Classes that mention {@code ObjectId} are only loaded when this says it is there.
 *
 * <p>Immutable.
 */
final class BsonSupport {

    static final String OBJECT_ID = "org.bson.types.ObjectId";
    static final boolean PRESENT = isPresent();

    private BsonSupport() {
    }

    private static boolean isPresent() {
        try {
            Class.forName(OBJECT_ID, false, BsonSupport.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
