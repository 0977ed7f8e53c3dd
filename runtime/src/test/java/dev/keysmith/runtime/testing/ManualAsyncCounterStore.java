package dev.keysmith.runtime.testing;

import dev.keysmith.runtime.AsyncCounterStore;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An {@link AsyncCounterStore} whose reservations the test completes by hand: each call is queued with its future,
 * and {@link #completeNext} or {@link #failNext} settles the oldest one, on the calling thread, with the value of
 * counters kept in memory. So a test decides which thread completes a reservation, and when.
 *
 * <p>Thread-safe.
 */
public final class ManualAsyncCounterStore implements AsyncCounterStore {

    /** A reservation not yet completed. */
    public record Call(String counter, long count, Thread caller, CompletableFuture<Long> future) {
    }

    private final InMemoryCounterStore counters = new InMemoryCounterStore();
    private final BlockingQueue<Call> pending = new LinkedBlockingQueue<>();
    private final AtomicInteger calls = new AtomicInteger();

    @Override
    public CompletionStage<Long> reserve(String counter, long count) {
        calls.incrementAndGet();
        CompletableFuture<Long> future = new CompletableFuture<>();
        pending.add(new Call(counter, count, Thread.currentThread(), future));
        return future;
    }

    /** Completes the oldest pending call with the counter's value, waiting up to 10 s for one; returns it. */
    public Call completeNext() throws InterruptedException {
        Call call = next();
        call.future().complete(counters.reserve(call.counter(), call.count()));
        return call;
    }

    /** Completes the oldest pending call exceptionally with {@code failure}, waiting up to 10 s for one. */
    public Call failNext(Throwable failure) throws InterruptedException {
        Call call = next();
        call.future().completeExceptionally(failure);
        return call;
    }

    private Call next() throws InterruptedException {
        Call call = pending.poll(60, TimeUnit.SECONDS); // a hang guard: the call is due
        if (call == null) {
            throw new AssertionError("no reservation was asked for within 60 s");
        }
        return call;
    }

    /** How many calls are waiting to be completed. */
    public int pending() {
        return pending.size();
    }

    /** How many calls were made. */
    public int calls() {
        return calls.get();
    }

    /** The counter's value: how many offsets were reserved from it. */
    public long value(String counter) {
        return counters.value(counter);
    }
}
