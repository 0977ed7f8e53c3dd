package dev.keysmith.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The id is a random number with exactly {@link #digits()} digits; an insert that collides with an existing
 * id is retried with a fresh number.
 *
 * <p>Field types: {@code long}, {@code Long}.
 *
 * <pre>{@code
 * @Entity
 * public class Account {
 *     @Id @RandomId(digits = 12) Long number;
 * }
 * }</pre>
 *
 * <p><b>Guarantees.</b> Uniformly random over {@code [10^(digits-1), 10^digits - 1]} from {@code SecureRandom},
 * so ids reveal neither order nor volume. Uniqueness is enforced by the database's unique index on the id:
 * a collision on the id is retried with a fresh number up to {@link #attempts()} times, then the insert fails
 * with an exception that names the collection (or table) and the attempts. A violation of any other unique
 * index is reported as it is, never retried.
 *
 * <p><b>Costs.</b> Collisions grow as the space fills: keep the number of stored ids far below
 * {@code 9 * 10^(digits-1)}. Ids are not ordered. Retries cost a round trip each.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
// PARAMETER: Kotlin puts an annotation on a constructor property's parameter (docs/decisions-processor.md, Kotlin).
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
public @interface RandomId {

    /** How many digits every id has, from 1 to 18 (19 digits would overflow {@code long}). */
    int digits() default 12;

    /** How many ids an insert tries before it gives up; at least 1. */
    int attempts() default 10;
}
