package dev.keysmith.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The id is a MongoDB ObjectId, generated in the application when the entity is first stored.
 *
 * <p>Field types: {@code org.bson.types.ObjectId}, or {@code String} (24 lower-case hex digits in Java,
 * stored as a BSON ObjectId in MongoDB and as {@code char(24)} in SQL).
 *
 * <pre>{@code
 * @Document(collection = "people")
 * public class Person {
 *     @GeneratedObjectId String id;
 *     String name;
 * }
 * }</pre>
 *
 * <p><b>Guarantees.</b> 12 bytes as the ObjectId specification lays them out: a 4-byte big-endian timestamp
 * in seconds, a 5-byte random value drawn once per process from {@code SecureRandom}, and a 3-byte counter
 * that starts at a random value. Beyond the specification, one process never produces the same ObjectId
 * twice (not even above 2<sup>24</sup> ids in one second) and ids from one process never go backwards when
 * the wall clock steps back. Generation needs no round trip to the database; the creation time can be read
 * back from the id and used for range queries.
 *
 * <p><b>Costs.</b> 96 bits, larger than a 64-bit number; ties the id format to MongoDB; unique across
 * processes only with overwhelming probability (the 40-bit process value), not by construction; ordered
 * only to the second across processes.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
// PARAMETER: Kotlin puts an annotation on a constructor property's parameter (docs/decisions-processor.md, Kotlin).
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
public @interface GeneratedObjectId {
}
