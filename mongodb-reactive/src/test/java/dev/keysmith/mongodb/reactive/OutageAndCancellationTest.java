package dev.keysmith.mongodb.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoException;
import com.mongodb.reactivestreams.client.MongoClient;
import dev.keysmith.mongodb.reactive.model.Order;
import dev.keysmith.mongodb.reactive.model.Receipt;
import dev.keysmith.runtime.IdAllocationException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** The reactive route through a server outage, and subscribers that cancel mid-flight; BlockHound is on. */
@Timeout(600) // the machine these run on may be loaded many times over
class OutageAndCancellationTest {

    private static final Duration SERVER_SELECTION = Duration.ofSeconds(2);
    private static final Duration BACKOFF = Duration.ofMillis(500);
    private static final int SUBSCRIBERS = 16;
    /** Only a guard against a hang: the test waits for counts, and ends far sooner on any machine. */
    private static final Duration HANG_GUARD = Duration.ofMinutes(2);

    @TempDir
    Path dataDirectory;

    /**
     * The server stays down until every subscriber has been answered with a failure (so none hangs through an
     * outage), not for a fixed time; how long one call may wait is the allocator's property, proven on a store the
     * test controls (SequenceAllocatorAsyncTest).
     */
    @Test
    void throughAnOutageEverySubscriberGetsAClearFailureNothingParksAndIdsFlowAgainWithoutDuplicates()
            throws Exception {
        NonBlocking.install();
        try (ReactiveMongo mongo = ReactiveMongo.startDurable(dataDirectory.resolve("outage.mv"))) {
            mongo.server().assumeRestartable();
            MongoClient client = mongo.newClient(settings -> {
                NonBlocking.onWatchedThreads(settings);
                settings.applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(
                                SERVER_SELECTION.toMillis(), TimeUnit.MILLISECONDS))
                        .applyToServerSettings(server -> server.heartbeatFrequency(200, TimeUnit.MILLISECONDS)
                                .minHeartbeatFrequency(50, TimeUnit.MILLISECONDS))
                        .applyToSocketSettings(socket -> socket.connectTimeout(1, TimeUnit.SECONDS));
            });
            try (ReactiveKeysmith keysmith = ReactiveKeysmith.builder(client.getDatabase(
                    mongo.server().freshDatabaseName())).allocationTimeout(SERVER_SELECTION.multipliedBy(2))
                    .failureBackoff(BACKOFF).build()) {
                ReactiveRepository<Receipt, Long> receipts = keysmith.repository(Receipt.class);
                Set<Long> taken = ConcurrentHashMap.newKeySet();
                List<Long> twice = new CopyOnWriteArrayList<>();
                List<Throwable> failures = new CopyOnWriteArrayList<>();
                AtomicIntegerArray failedWhileDown = new AtomicIntegerArray(SUBSCRIBERS);
                AtomicBoolean down = new AtomicBoolean();
                AtomicLong afterRestart = new AtomicLong();
                AtomicBoolean restarted = new AtomicBoolean();
                AtomicBoolean stop = new AtomicBoolean();
                List<String> parked = new CopyOnWriteArrayList<>();

                // sixteen subscribers, each inserting one receipt after the other until told to stop
                List<Disposable> subscribers = new ArrayList<>();
                for (int s = 0; s < SUBSCRIBERS; s++) {
                    int subscriber = s;
                    Mono<Receipt> one = Mono.defer(() -> {
                        boolean sinceOutage = down.get();
                        boolean sinceRestart = restarted.get();
                        return receipts.insert(new Receipt("outage")).doOnNext(receipt -> {
                            if (!taken.add(receipt.id)) {
                                twice.add(receipt.id);
                            }
                            if (sinceRestart) {
                                afterRestart.incrementAndGet();
                            }
                        }).onErrorResume(e -> {
                            failures.add(e);
                            if (sinceOutage && !restarted.get()) {
                                failedWhileDown.incrementAndGet(subscriber);
                            }
                            return Mono.delay(Duration.ofMillis(5)).then(Mono.empty());
                        });
                    }).subscribeOn(Schedulers.parallel());
                    subscribers.add(one.repeat(() -> !stop.get()).subscribe());
                }
                awaitAtLeast(() -> taken.size(), 500);
                down.set(true);
                mongo.server().stop();
                awaitAtLeast(() -> {
                    parked.addAll(NonBlocking.parkedKeysmithFrames()); // sampled while the subscribers fail
                    return IntStream.range(0, SUBSCRIBERS).filter(s -> failedWhileDown.get(s) > 0).count();
                }, SUBSCRIBERS);
                mongo.server().restart();
                restarted.set(true);
                awaitAtLeast(afterRestart::get, 1_000);
                stop.set(true);
                subscribers.forEach(Disposable::dispose);

                assertThat(twice).as("ids inserted twice").isEmpty();
                assertThat(parked).as("keysmith frames waiting on a non-blocking thread during the outage").isEmpty();
                assertThat(failures).as("the outage was seen").isNotEmpty()
                        .allSatisfy(e -> assertThat(e).isInstanceOfAny(IdAllocationException.class,
                                MongoException.class))
                        .anySatisfy(e -> assertThat(e).isInstanceOf(IdAllocationException.class)
                                .hasMessageContaining("'receipts'"));
                assertThat(afterRestart).as("inserted after the restart").hasValueGreaterThanOrEqualTo(1_000);
                // (an insert whose subscriber was disposed at the end may be stored without being counted here)
                List<Long> stored = receipts.findAll().map(receipt -> receipt.id).collectList().block();
                assertThat(stored).doesNotHaveDuplicates().containsAll(taken);
            }
        }
    }

    @Test
    void aThousandSubscribersCancelledMidFlightLeaveNoIdToBeHandedOutTwice() throws Exception {
        NonBlocking.install();
        try (ReactiveMongo mongo = ReactiveMongo.start()) {
            MongoClient client = mongo.newClient(NonBlocking::onWatchedThreads);
            try (ReactiveKeysmith keysmith = ReactiveKeysmith.create(client.getDatabase(
                    mongo.server().freshDatabaseName()))) {
                for (Class<?> type : List.of(Receipt.class, Order.class)) {
                    List<Disposable> inFlight = new ArrayList<>();
                    Set<Long> completed = ConcurrentHashMap.newKeySet();
                    for (int i = 0; i < 1_000; i++) {
                        inFlight.add(insert(keysmith, type, i).subscribeOn(Schedulers.parallel())
                                .subscribe(completed::add, e -> { }));
                    }
                    inFlight.forEach(Disposable::dispose); // mid-flight: some inserted, most waiting for an id

                    List<Long> later = Flux.range(0, 1_000).flatMap(i -> insert(keysmith, type, i)
                            .subscribeOn(Schedulers.parallel()), 16).collectList().block(Duration.ofSeconds(300));

                    assertThat(later).as("%s: every later insert succeeds with a fresh id", type.getSimpleName())
                            .hasSize(1_000).doesNotHaveDuplicates().noneMatch(completed::contains);
                }
            }
        }
    }

    private static Mono<Long> insert(ReactiveKeysmith keysmith, Class<?> type, int i) {
        return type == Receipt.class
                ? keysmith.<Receipt, Long>repository(Receipt.class).insert(new Receipt("r" + i)).map(r -> r.id)
                : keysmith.<Order, Long>repository(Order.class).insert(new Order(null, BigDecimal.ONE))
                        .map(Order::number);
    }

    private static void awaitAtLeast(java.util.function.LongSupplier value, long target) throws InterruptedException {
        long deadline = System.nanoTime() + HANG_GUARD.toNanos();
        while (value.getAsLong() < target && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(value.getAsLong()).as("reached (waited at most %s)", HANG_GUARD).isGreaterThanOrEqualTo(target);
    }
}
