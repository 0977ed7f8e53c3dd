package dev.keysmith.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The id is a number taken from a counter kept in the database.
 *
 * <p>Field types: {@code long}, {@code Long}, {@code int}, {@code Integer}.
 *
 * <pre>{@code
 * public record Invoice(@Sequence(name = "invoices", batch = 100) Long number, BigDecimal total) {}
 * }</pre>
 *
 * <p><b>Guarantees.</b> No value is ever handed out twice: not under concurrency, not across processes, not
 * after a failure or a restart. Counter writes are atomic ({@code findOneAndUpdate} with {@code $inc} on
 * MongoDB, a row lock on a separate connection in SQL), never join the caller's transaction, and use write
 * concern majority by default. With {@code batch = 1} the ids are continuous and increasing.
 *
 * <p><b>Costs.</b> A round trip to the database per {@link #batch()} ids (hidden by {@link #prefetch()} in
 * steady state; with prefetch, a sequence used so fast that one batch lasts less than about 8 ms reserves several
 * whole batches per round trip). With {@code batch > 1}, ids are unique but not continuous: a process that stops
 * loses the rest of its range (and, with prefetch, the range reserved ahead), and several processes use their
 * ranges side by side, so ids are only mostly increasing.
 * With {@code batch = 1} the single counter document is a bottleneck (one write per id).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
// PARAMETER: Kotlin puts an annotation on a constructor property's parameter (docs/decisions-processor.md, Kotlin).
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
public @interface Sequence {

    /**
     * The name of the counter. Defaults to the collection name (MongoDB) or the entity name (JPA).
     * Entities that name the same sequence share its numbers.
     */
    String name() default "";

    /**
     * How many ids one round trip to the database reserves; at least 1. {@code batch = 1} gives the
     * continuous sequence of the counter-document pattern, with no prefetch.
     */
    int batch() default 50;

    /**
     * Reserve the next batch in the background before the current one runs out, so that taking an id does
     * not wait on the database in steady state. Ignored when {@code batch = 1}. At a pace where one batch lasts
     * less than about 8 ms, each reservation takes several whole batches (at most 16 by default; the runtime's
     * {@code prefetchBatches} setting), so that the next range is reserved well before it is needed.
     */
    boolean prefetch() default true;

    /**
     * How many counters share the id space. With {@code counters = K > 1} the space
     * {@code [start, 10^digits - 1]} is split into K contiguous ranges, each owned by its own counter, and every
     * reservation picks a counter at random; this spreads the write load over K documents. Needs
     * {@link #digits()}.
     */
    int counters() default 1;

    /**
     * The most digits an id may have: ids never exceed {@code 10^digits - 1}. {@code 0} means no limit other
     * than the field type's ({@code Long.MAX_VALUE} or {@code Integer.MAX_VALUE}). Between 1 and 18 otherwise.
     */
    int digits() default 0;

    /** The first id the sequence hands out; at least 0. */
    long start() default 1;
}
