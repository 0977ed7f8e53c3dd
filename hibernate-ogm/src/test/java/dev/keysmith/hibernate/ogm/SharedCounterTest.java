package dev.keysmith.hibernate.ogm;

import static dev.keysmith.hibernate.ogm.OgmTestSupport.persist;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.WriteConcern;
import dev.keysmith.hibernate.ogm.model.Shipment;
import dev.keysmith.mongodb.MongoCounterStore;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import javax.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One sequence written through OGM and through the plain-driver route of keysmith-mongodb ({@link MongoCounterStore}
 * on the same {@code keysmith_counters} collection) at the same time: no id is handed out twice.
 */
class SharedCounterTest {

    private static final int THREADS_PER_ROUTE = 3;
    private static final int IDS_PER_THREAD = 200;

    @RegisterExtension
    final OgmTestSupport mongo = OgmTestSupport.start();
    private final String database = mongo.freshDatabaseName();

    @Test
    void ogmAndThePlainDriverRouteNeverGiveTheSameNumber() throws Exception {
        EntityManagerFactory ogm = mongo.factory(database, Shipment.class);
        MongoCounterStore plainStore = MongoCounterStore.create(mongo.database(database),
                MongoCounterStore.DEFAULT_COLLECTION, WriteConcern.MAJORITY);
        ConcurrentMap<Long, String> owners = new ConcurrentHashMap<>();
        AtomicInteger duplicates = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2 * THREADS_PER_ROUTE);
        try (SequenceAllocator plain = SequenceAllocator.open(SequenceSpec.of(Shipment.SEQUENCE).withBatch(5),
                plainStore)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < THREADS_PER_ROUTE; t++) {
                done.add(threads.submit(() -> {
                    start.await();
                    for (int i = 0; i < IDS_PER_THREAD; i++) {
                        record(owners, duplicates, persist(ogm, new Shipment()).number, "ogm");
                    }
                    return null;
                }));
                done.add(threads.submit(() -> {
                    start.await();
                    for (int i = 0; i < IDS_PER_THREAD; i++) {
                        record(owners, duplicates, plain.next(), "plain");
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            threads.shutdownNow();
        }

        assertThat(duplicates).hasValue(0);
        assertThat(owners).hasSize(2 * THREADS_PER_ROUTE * IDS_PER_THREAD);
        assertThat(owners.values()).contains("ogm", "plain");
    }

    private static void record(ConcurrentMap<Long, String> owners, AtomicInteger duplicates, long id, String route) {
        if (owners.putIfAbsent(id, route) != null) {
            duplicates.incrementAndGet();
        }
    }
}
