package dev.keysmith.hibernate.ogm;

import static dev.keysmith.hibernate.ogm.OgmTestSupport.persist;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.hibernate.ogm.model.Invoice;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Two EntityManagerFactories (two "processes") on one database, four threads each, persisting at once. */
class ConcurrencyTest {

    private static final int FACTORIES = 2;
    private static final int THREADS_PER_FACTORY = 4;
    private static final int PERSISTS_PER_THREAD = 250;

    @RegisterExtension
    final OgmTestSupport mongo = OgmTestSupport.start();
    private final String database = mongo.freshDatabaseName();

    @Test
    void twoFactoriesTimesFourThreadsGiveTwoThousandDistinctIds() throws Exception {
        List<EntityManagerFactory> factories = new ArrayList<>();
        for (int i = 0; i < FACTORIES; i++) {
            factories.add(mongo.factory(database, Invoice.class));
        }
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(FACTORIES * THREADS_PER_FACTORY);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (EntityManagerFactory factory : factories) {
                for (int t = 0; t < THREADS_PER_FACTORY; t++) {
                    done.add(threads.submit(() -> {
                        start.await();
                        for (int i = 0; i < PERSISTS_PER_THREAD; i++) {
                            ids.add(persist(factory, new Invoice("c")).number);
                        }
                        return null;
                    }));
                }
            }
            start.countDown();
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            threads.shutdownNow();
        }

        int total = FACTORIES * THREADS_PER_FACTORY * PERSISTS_PER_THREAD;
        assertThat(ids).hasSize(total);
        assertThat(mongo.database(database).getCollection("Invoice").countDocuments()).isEqualTo(total);
    }
}
