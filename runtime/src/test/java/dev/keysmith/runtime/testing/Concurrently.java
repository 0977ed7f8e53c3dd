package dev.keysmith.runtime.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;

/**
 * Runs a body on several threads that start together (a {@link CyclicBarrier}), waits for all of them, and
 * fails with the first error any of them threw (the others attached as suppressed).
 *
 * <p>Thread-safe (stateless).
 */
public final class Concurrently {

    /** The body of one thread; {@code index} is 0 to {@code threads - 1}. */
    @FunctionalInterface
    public interface Body {
        void run(int index) throws Exception;
    }

    private Concurrently() {
    }

    public static void run(int threads, Body body) throws InterruptedException {
        CyclicBarrier start = new CyclicBarrier(threads);
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int index = t;
            Thread worker = new Thread(() -> {
                try {
                    start.await();
                    body.run(index);
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "test-worker-" + t);
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        if (!failures.isEmpty()) {
            AssertionError error = new AssertionError("a worker thread failed: " + failures.peek(), failures.poll());
            failures.forEach(error::addSuppressed);
            throw error;
        }
    }
}
