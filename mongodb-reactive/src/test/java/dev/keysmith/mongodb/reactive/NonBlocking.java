package dev.keysmith.mongodb.reactive;

import com.mongodb.MongoClientSettings;
import com.mongodb.connection.TransportSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import reactor.blockhound.BlockHound;

/**
 * The proof that nothing blocks: BlockHound, installed once per test JVM, fails any blocking call (a park, a sleep, a
 * blocking socket or file read) on Reactor's non-blocking threads and on the reactive driver's I/O threads, which
 * the tests' clients name {@value #DRIVER_THREADS}; and {@link #parkedKeysmithFrames()}, which looks for any thread
 * waiting with a keysmith frame on its stack. Public for the reactive Spring tests (keysmith-spring-data-mongodb),
 * which get it from this module's test-jar.
 *
 * <p>Thread-safe.
 */
public final class NonBlocking {

    /** The name prefix of the driver's I/O threads in the tests' clients. */
    public static final String DRIVER_THREADS = "mongo-io-";

    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final long SAMPLE_PAUSE_NANOS = 5_000_000;

    static {
        BlockHound.install(builder -> builder
                .nonBlockingThreadPredicate(current -> current.or(thread -> thread.getName().startsWith(DRIVER_THREADS)))
                // the I/O pool's idle workers wait for their next task: the pool's wait, not a call on its tasks' path
                .allowBlockingCallsInside("java.util.concurrent.ThreadPoolExecutor", "getTask")
                // the driver's own short critical sections (its connection pool's lock): the driver's design, not a
                // call keysmith makes; what is checked is everything else on these threads, keysmith's code among it
                .allowBlockingCallsInside("com.mongodb.internal.Locks", "checkedWithLock")
                .allowBlockingCallsInside("com.mongodb.internal.Locks", "withInterruptibleLock")
                // Spring's lazy singletons (Boot's repository metrics take their registry through one) are made once,
                // under a lock the first callers may meet at once: Spring's start-up, not a call keysmith makes. The
                // reactive Spring tests share this JVM-wide install, so their repositories' first calls pass here.
                .allowBlockingCallsInside("org.springframework.util.function.SingletonSupplier", "get")
                // SecureRandom (random ids, UUIDs) reads /dev/urandom, which never blocks on Linux
                .allowBlockingCallsInside("sun.security.provider.NativePRNG$RandomIO", "implNextBytes")
                .allowBlockingCallsInside("sun.security.provider.NativePRNG$RandomIO", "ensureBufferValid"));
    }

    private NonBlocking() {
    }

    /** Installs BlockHound (once). */
    public static void install() {
        // the static initialiser did it
    }

    /** Client settings whose driver I/O runs on threads BlockHound watches. */
    public static void onWatchedThreads(MongoClientSettings.Builder settings) {
        ExecutorService io = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, DRIVER_THREADS + THREADS.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        settings.transportSettings(TransportSettings.asyncBuilder().executorService(io).build());
    }

    /** What a body returned, and the keysmith frames found waiting while it ran ({@link #whileSampling}). */
    public record Sampled<T>(T result, List<String> parked) {
    }

    /**
     * Runs {@code body} on this thread while a sampler thread looks again and again for keysmith frames that wait
     * ({@link #parkedKeysmithFrames()}); returns the body's result and what the sampler found.
     */
    public static <T> Sampled<T> whileSampling(Callable<T> body) throws Exception {
        List<String> parked = new CopyOnWriteArrayList<>();
        AtomicBoolean running = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (running.get()) {
                parked.addAll(parkedKeysmithFrames());
                LockSupport.parkNanos(SAMPLE_PAUSE_NANOS); // a pause, so that the sampler leaves the cores to the body
            }
        }, "parked-frames-sampler");
        sampler.start();
        try {
            T result = body.call();
            return new Sampled<>(result, parked);
        } finally {
            running.set(false);
            sampler.join();
        }
    }

    /**
     * Every non-blocking thread (Reactor's, the driver's I/O threads) that waits in keysmith's own code: its stack's top
     * frame parks, waits or sleeps, and the first frame below that is not the JDK's is keysmith's. A thread that waits
     * inside the driver (its pool's lock) while keysmith's frames are further down does not count: that wait is the
     * driver's; nor does the JVM loading a class or linking a lambda.
     *
     * <p>Only the watched threads' stacks are taken, one at a time: {@code Thread.getAllStackTraces()} stops every
     * thread of the JVM at once for every sample (two Spring applications have a hundred), which made the sampler the
     * largest cost of the suites that use it, and slowed the very calls it watched.
     */
    public static List<String> parkedKeysmithFrames() {
        List<String> found = new ArrayList<>();
        for (Thread thread : watchedThreads()) {
            StackTraceElement[] stack = thread.getStackTrace();
            if (stack.length == 0 || !isWait(stack[0])) {
                continue;
            }
            for (StackTraceElement frame : stack) {
                String type = frame.getClassName();
                if (isLoadingOrLinking(frame)) {
                    break;
                }
                if (type.startsWith("java.") || type.startsWith("jdk.") || type.startsWith("sun.")) {
                    continue;
                }
                if (isTimerScheduling(frame)) {
                    break; // known and allowed, as Reactor allows its own timers: see decisions-reactive.md
                }
                if ((type.startsWith("dev.keysmith.runtime.") || type.startsWith("dev.keysmith.mongodb.")
                        || type.startsWith("dev.keysmith.spring."))
                        && !type.contains("Test") && !type.contains(".testing.")) {
                    found.add(thread.getName() + " waits at " + frame + " under "
                            + Arrays.asList(stack).subList(0, Math.min(6, stack.length)));
                }
                break;
            }
        }
        return found;
    }

    /** The live threads BlockHound watches: Reactor's non-blocking ones and the driver's I/O threads. */
    private static List<Thread> watchedThreads() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] threads = new Thread[root.activeCount() * 2 + 16];
        int count = root.enumerate(threads, true);
        List<Thread> watched = new ArrayList<>();
        for (Thread thread : Arrays.asList(threads).subList(0, count)) {
            String name = thread.getName();
            if (name.startsWith("parallel-") || name.startsWith(DRIVER_THREADS)) {
                watched.add(thread);
            }
        }
        return watched;
    }

    /** A park, a wait or a sleep; under BlockHound the native method is renamed {@code $$BlockHound$$_park}. */
    private static boolean isWait(StackTraceElement top) {
        String type = top.getClassName();
        String method = top.getMethodName();
        return type.equals("jdk.internal.misc.Unsafe") && (method.equals("park") || method.endsWith("_park"))
                || type.equals("java.lang.Object") && method.endsWith("wait")
                || type.equals("java.lang.Thread") && method.contains("sleep");
    }

    /**
     * A waiter's allocation timer being queued: {@code ScheduledThreadPoolExecutor.schedule} takes its queue's lock
     * for a few instructions, and under contention parks there, as Reactor's own {@code Mono.delay} and
     * {@code timeout} do on the same class. The one wait keysmith's non-blocking path still has (an open item).
     */
    private static boolean isTimerScheduling(StackTraceElement frame) {
        return frame.getClassName().equals("dev.keysmith.runtime.internal.PrefetchScheduler")
                && frame.getMethodName().equals("timeout");
    }

    private static boolean isLoadingOrLinking(StackTraceElement frame) {
        String type = frame.getClassName();
        return frame.getMethodName().equals("<clinit>") || type.startsWith("java.lang.ClassLoader")
                || type.startsWith("jdk.internal.loader.") || type.startsWith("java.lang.invoke.")
                || type.startsWith("java.security.SecureClassLoader");
    }
}
