package dev.keysmith.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The id is a UUID generated in the application.
 *
 * <p>Field types: {@code java.util.UUID}, or {@code String} (the canonical 36-character form in Java).
 * Always stored as BSON binary subtype 4 in MongoDB, whatever the client's {@code uuidRepresentation};
 * {@code uuid} on PostgreSQL.
 *
 * <pre>{@code
 * @Entity
 * public class Session {
 *     @Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id;
 * }
 * }</pre>
 *
 * <p><b>Guarantees.</b> No round trip to the database and no coordination between processes; a standard
 * format that any system can read. {@link Version#TIME_ORDERED} ids are strictly increasing within a JVM,
 * across threads, even when the clock steps back, and carry their creation time to the millisecond.
 *
 * <p><b>Costs.</b> 128 bits, the largest of the strategies. {@link Version#RANDOM} ids scatter inserts over
 * the whole index. Uniqueness across processes is probabilistic (122 or 74 random bits), not by construction.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
// PARAMETER: Kotlin puts an annotation on a constructor property's parameter (docs/decisions-processor.md, Kotlin).
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
public @interface UuidId {

    /** Which kind of UUID to generate. */
    Version version() default Version.RANDOM;

    /** The UUID versions keysmith generates. */
    enum Version {
        /** Version 4 (RFC 9562): 122 bits from {@code SecureRandom}. */
        RANDOM,
        /**
         * Version 7 (RFC 9562): a 48-bit Unix timestamp in milliseconds followed by a monotonic counter and
         * random bits, so ids sort by creation time.
         */
        TIME_ORDERED
    }
}
