package dev.keysmith.runtime;

import dev.keysmith.runtime.internal.PrefetchScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.jetbrains.lincheck.datastructures.verifier.EpsilonVerifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The allocator, model-checked by Lincheck: every interleaving it explores of a few calls on two threads
 * ({@code next}, {@code tryNext}, {@code nextAsync().join()}, the bulk take, the inline take, a prefetch step, a store
 * failure, a resync, close) over a counter store in memory. The properties are checked over all the calls of an
 * execution, not against a sequential specification (a caller that waited for another's failed reservation fails where
 * a sequential run would have reserved): no id is handed out twice, every id lies in a range the store reserved, no
 * take that starts after a resync returned hands out an id of the resynced counter at or below that resync's bound,
 * every call ends with ids or with an exception that names the sequence (a call that never ends is a hang Lincheck
 * reports).
 *
 * <p>The id space is small (ids 1 to 9 on two striped counters, two ids a reservation), so that the model reaches the
 * end of the space, the switch between counters and the clipped last reservation. The allocation-timeout timer is not
 * modelled: the scheduler's thread never runs here, so a non-blocking waiter is only ever resumed by its reservation.
 */
public class SequenceAllocatorModelTest {

    private static final String NAME = "modelled";
    private static final Map<String, Long> FIRST_IDS = Map.of(NAME + "#0", 1L, NAME + "#1", 6L);

    /** Off in the model: a log record (its time stamp, the handlers' locks) is no part of it, and not deterministic. */
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(
            "dev.keysmith.runtime.SequenceAllocator");

    static {
        try { // the logger's holder is loaded before the model: loading it in there fails under the model's agent
            Class.forName("dev.keysmith.runtime.internal.AllocatorCore$Log", true,
                    SequenceAllocatorModelTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ModelStore store = new ModelStore();
    private final AtomicLong ticks = new AtomicLong();
    private final SequenceAllocator allocator = new SequenceAllocator(
            SequenceSpec.of(NAME).withCounters(2, 1).withBatch(2).withPrefetch(false), store, Duration.ofDays(1),
            Duration.ofNanos(3), 1, PrefetchScheduler.ownThread(Duration.ofDays(1), IdleThread::new), true,
            (LongSupplier) ticks::incrementAndGet);
    private final Queue<Long> handedOut = new ConcurrentLinkedQueue<>();
    private final Queue<String> violations = new ConcurrentLinkedQueue<>();
    /**
     * For each counter, the largest bound of the resyncs that have returned (the id before its first before any):
     * each take reads them before it starts, and none of the ids it gets may be at or below its counter's bound.
     */
    private final AtomicLongArray completedBounds = new AtomicLongArray(new long[] {
        FIRST_IDS.get(NAME + "#0") - 1, FIRST_IDS.get(NAME + "#1") - 1});

    @Operation
    public Object next() {
        long[] resynced = completedBounds();
        return outcome(() -> took(allocator.next(), resynced));
    }

    @Operation
    public Object tryNext() {
        long[] resynced = completedBounds();
        long id = allocator.tryNext();
        return id == SequenceAllocator.NONE_READY ? "none ready" : took(id, resynced);
    }

    @Operation
    public Object nextAsync() {
        long[] resynced = completedBounds();
        return outcome(() -> took(allocator.nextAsync().join(), resynced));
    }

    @Operation
    public Object nextIds() {
        long[] resynced = completedBounds();
        return outcome(() -> {
            long[] ids = allocator.nextIds(3);
            for (long id : ids) {
                took(id, resynced);
            }
            return ids.length;
        });
    }

    @Operation
    public Object nextInline() {
        long[] resynced = completedBounds();
        return outcome(() -> took(allocator.next(store::reserveNow), resynced));
    }

    @Operation
    public void prefetch() {
        allocator.core().prefetch();
    }

    @Operation
    public void storeFails() {
        store.failNext.set(true);
    }

    /**
     * A resync that found the data holding ids up to each counter's value (as if imported): cuts what is held. Once
     * a counter's resync returned, its bound is published for the takes that start after it ({@link
     * #completedBounds}).
     */
    @Operation
    public void resync() {
        for (int counter = 0; counter < 2; counter++) {
            long reserved = store.value(NAME + "#" + counter);
            if (reserved > 0) {
                long largestTaken = FIRST_IDS.get(NAME + "#" + counter) + reserved - 1;
                allocator.skipThrough(largestTaken);
                completedBounds.accumulateAndGet(counter, largestTaken, Math::max);
            }
        }
    }

    private long[] completedBounds() {
        return new long[] {completedBounds.get(0), completedBounds.get(1)};
    }

    @Operation
    public void close() {
        allocator.close();
    }

    @Validate
    public void everyIdOnceReservedAndAboveEarlierResyncsAndEveryFailureTheSequences() {
        List<String> found = new ArrayList<>(violations);
        Set<Long> seen = new HashSet<>();
        for (long id : handedOut) {
            if (!seen.add(id)) {
                found.add("id " + id + " handed out twice");
            }
            if (!store.reserved(id)) {
                found.add("id " + id + " was never reserved in the store " + store.granted);
            }
        }
        if (!found.isEmpty()) {
            throw new AssertionError(String.join("; ", found));
        }
    }

    @Test
    void everyInterleavingHandsOutEachIdOnceFromAReservedRangeAboveEarlierResyncsOrFailsWithTheSequencesException() {
        quietly(SequenceAllocatorModelTest::check);
    }

    /**
     * The race a lost wake-up hides in, searched deeper than the random scenarios reach at their bounds: a
     * non-blocking take against a blocking one on two threads from the start, so that one reserves the first range
     * while the other decides to wait for it. Off in the normal build (it takes minutes); on with
     * {@code -Dkeysmith.model.race=<invocations>}: 2000 found a waiter that registers only on a flight not yet settled.
     */
    @Test
    @EnabledIfSystemProperty(named = "keysmith.model.race", matches = "[0-9]+")
    void aNonBlockingWaiterRacingTheFirstReservationIsAlwaysResumed() {
        quietly(() -> new ModelCheckingOptions()
                .iterations(0)
                .invocationsPerIteration(Integer.getInteger("keysmith.model.race"))
                .verifier(EpsilonVerifier.class)
                .invocationTimeout$lincheck(HANG_GUARD_MILLIS)
                .addCustomScenario(twoThreads("nextAsync", "next"))
                .check(SequenceAllocatorModelTest.class));
    }

    private static void quietly(Runnable check) {
        java.util.logging.Level level = LOG.getLevel();
        LOG.setLevel(java.util.logging.Level.OFF);
        try {
            check.run();
        } finally {
            LOG.setLevel(level); // the other tests of this JVM read the allocator's log
        }
    }

    /** How long one explored execution may take before Lincheck calls it hung: five minutes. */
    private static final long HANG_GUARD_MILLIS = 300_000;

    private static void check() {
        new ModelCheckingOptions()
                // bounded to keep mvn verify short on a loaded 2-core host; raise both for a deeper search
                .iterations(Integer.getInteger("keysmith.model.iterations", 10))
                .invocationsPerIteration(Integer.getInteger("keysmith.model.invocations", 50))
                .threads(2)
                .actorsPerThread(2)
                .actorsBefore(1)
                .actorsAfter(1)
                .verifier(EpsilonVerifier.class)
                // a hang guard, not a bound: Lincheck's 30 s an invocation was met by its own class instrumentation
                // on a host loaded many times over ("The execution has hung" with the allocator nowhere on the
                // stack). A call that waits for a wake-up that never comes parks every thread, which the model
                // checker reports at once. (Lincheck 3.7 has the setter as a Kotlin-internal, hence its name.)
                .invocationTimeout$lincheck(HANG_GUARD_MILLIS)
                // the resync's race with an install, which the random scenarios at these bounds miss: one
                // counter's range ready behind a used-up one of the other, a take that installs it against a resync
                // of both counters, then a take that must not get an id of it. An install that read the bound before
                // the resync raised it installed the range uncut while skipThrough did not swap the state (found
                // within a dozen invocations, whichever counter the model picks first)
                .addCustomScenario(twoThreads(List.of("next", "next", "prefetch"), "next", "resync", List.of("next")))
                .check(SequenceAllocatorModelTest.class);
    }

    /** A scenario of one operation on each of two threads, then the validation. */
    private static ExecutionScenario twoThreads(String first, String second) {
        return twoThreads(List.of(), first, second, List.of());
    }

    /** {@code before} on one thread, one operation on each of two threads, {@code after}, then the validation. */
    private static ExecutionScenario twoThreads(List<String> before, String first, String second, List<String> after) {
        try {
            return new ExecutionScenario(actors(before), List.of(List.of(actor(first)), List.of(actor(second))),
                    actors(after), actor("everyIdOnceReservedAndAboveEarlierResyncsAndEveryFailureTheSequences"));
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Actor> actors(List<String> operations) throws NoSuchMethodException {
        List<Actor> actors = new ArrayList<>();
        for (String operation : operations) {
            actors.add(actor(operation));
        }
        return actors;
    }

    private static Actor actor(String operation) throws NoSuchMethodException {
        return new Actor(SequenceAllocatorModelTest.class.getMethod(operation), List.of());
    }

    /** Records {@code id}, handed out by a take that started once resyncs through {@code resynced} had returned. */
    private long took(long id, long[] resynced) {
        handedOut.add(id);
        int counter = ofFirstCounter(id) ? 0 : 1;
        if (id <= resynced[counter]) {
            violations.add("id " + id + " handed out by a take that started after a resync through "
                    + resynced[counter] + " of counter " + NAME + "#" + counter + " had returned");
        }
        return id;
    }

    /** Whether {@code id} lies in the first counter's part of the id space (ids 1 to 5), the one a resync cuts. */
    private static boolean ofFirstCounter(long id) {
        return id >= FIRST_IDS.get(NAME + "#0") && id < FIRST_IDS.get(NAME + "#1");
    }

    private Object outcome(ThrowingCall call) {
        try {
            return call.call();
        } catch (CompletionException e) {
            return failure(e.getCause());
        } catch (RuntimeException e) {
            return failure(e);
        }
    }

    private String failure(Throwable e) {
        boolean ours = e instanceof IdAllocationException a && NAME.equals(a.sequence())
                || e instanceof IdSpaceExhaustedException x && NAME.equals(x.sequence())
                || e instanceof IllegalStateException && String.valueOf(e.getMessage()).contains("'" + NAME + "'");
        if (!ours) {
            violations.add("a call ended with " + e + ", not an exception of sequence '" + NAME + "'");
        }
        return e.getClass().getSimpleName();
    }

    private interface ThrowingCall {
        Object call();
    }

    /** A thread that never starts: the scheduler's work (timers) stays out of the model. */
    private static final class IdleThread extends Thread {

        IdleThread(Runnable task) {
            super(task);
        }

        @Override
        public synchronized void start() {
            // never runs
        }
    }

    /**
     * Counters in memory that complete each reservation on the calling thread, never past the counter's limit, and
     * remember the ranges they granted; {@link #failNext} fails the next reservation.
     */
    static final class ModelStore implements AsyncCounterStore {

        final AtomicBoolean failNext = new AtomicBoolean();
        final Map<String, AtomicLong> counters = new ConcurrentHashMap<>();
        final Queue<String> granted = new ConcurrentLinkedQueue<>();

        @Override
        public CompletionStage<Long> reserve(String counter, long count) {
            return reserve(counter, count, Long.MAX_VALUE);
        }

        @Override
        public CompletionStage<Long> reserve(String counter, long count, long limit) {
            try {
                return CompletableFuture.completedFuture(reserveNow(counter, count, limit));
            } catch (IllegalStateException e) {
                return CompletableFuture.failedFuture(e);
            }
        }

        long reserveNow(String counter, long count) {
            return reserveNow(counter, count, counter.endsWith("#0") ? 5 : 4);
        }

        private long reserveNow(String counter, long count, long limit) {
            if (failNext.compareAndSet(true, false)) {
                throw new IllegalStateException("the store is down");
            }
            AtomicLong value = counters.computeIfAbsent(counter, name -> new AtomicLong());
            long before = value.getAndUpdate(n -> n >= limit ? n : n + Math.min(count, limit - n));
            granted.add(counter + "[" + before + ", " + Math.min(before + count, limit) + ")");
            return before;
        }

        long value(String counter) {
            AtomicLong value = counters.get(counter);
            return value == null ? 0 : value.get();
        }

        /** Whether {@code id} lies in an offset range granted from the counter that owns it. */
        boolean reserved(long id) {
            String counter = ofFirstCounter(id) ? NAME + "#0" : NAME + "#1";
            long offset = id - FIRST_IDS.get(counter);
            for (String range : granted) {
                if (range.startsWith(counter + "[")) {
                    String[] bounds = range.substring(counter.length() + 1, range.length() - 1).split(", ");
                    if (offset >= Long.parseLong(bounds[0]) && offset < Long.parseLong(bounds[1])) {
                        return true;
                    }
                }
            }
            return false;
        }
    }
}
