package dev.keysmith.quarkus.test;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import reactor.blockhound.BlockHound;

/**
 * The proof that nothing blocks a Vert.x event loop: BlockHound, installed once per test JVM on first use, watches the
 * event-loop threads ({@value #EVENT_LOOP_THREADS}...) and records every blocking call made on them (a park, a sleep,
 * a blocking socket or file read), with its stack, instead of failing it, so that a test can assert there were none.
 * Class loading (Quarkus's class loader reads jars the first time a class is used) and SecureRandom's read of
 * /dev/urandom (which never blocks on Linux) are allowed.
 *
 * <p>Thread-safe.
 */
public final class EventLoopBlocking {

    /** The name prefix of Vert.x's event-loop threads. */
    public static final String EVENT_LOOP_THREADS = "vert.x-eventloop-thread-";

    private static final List<String> CALLS = new CopyOnWriteArrayList<>();

    static {
        BlockHound.install(builder -> builder
                .nonBlockingThreadPredicate(current -> current.or(
                        thread -> thread.getName().startsWith(EVENT_LOOP_THREADS)))
                .allowBlockingCallsInside("java.lang.ClassLoader", "loadClass")
                .allowBlockingCallsInside("io.quarkus.bootstrap.classloading.QuarkusClassLoader", "loadClass")
                .allowBlockingCallsInside("sun.security.provider.NativePRNG$RandomIO", "implNextBytes")
                .allowBlockingCallsInside("sun.security.provider.NativePRNG$RandomIO", "ensureBufferValid")
                .blockingMethodCallback(method -> CALLS.add(method + " on " + Thread.currentThread().getName() + "\n\t"
                        + Arrays.stream(new Throwable().getStackTrace()).limit(40).map(String::valueOf)
                                .collect(Collectors.joining("\n\t")))));
    }

    private EventLoopBlocking() {
    }

    /** Installs BlockHound (once) and forgets the calls recorded so far. */
    public static void watch() {
        CALLS.clear();
    }

    /** The blocking calls made on event loops since {@link #watch()}. */
    public static List<String> calls() {
        return List.copyOf(CALLS);
    }
}
