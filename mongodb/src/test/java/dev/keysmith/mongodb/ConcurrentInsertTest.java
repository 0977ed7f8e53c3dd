package dev.keysmith.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import dev.keysmith.mongodb.model.Customer;
import dev.keysmith.mongodb.model.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** One repository and one codec shared by threads that really overlap, over two clients. */
class ConcurrentInsertTest extends MongoTestBase {

    private static final int THREADS = 8;
    private static final int INSERTS = 40;

    @Test
    void sequenceIdsStayUniqueAcrossThreadsAndClients() throws Exception {
        MongoClient second = mongo.newClient();
        try (Keysmith other = Keysmith.create(second.getDatabase(database.getName()))) {
            List<Repository<Customer, Long>> repositories = List.of(keysmith.repository(Customer.class),
                    other.repository(Customer.class));
            Set<Long> ids = ConcurrentHashMap.newKeySet();
            runTogether(thread -> {
                Repository<Customer, Long> customers = repositories.get(thread % 2);
                for (int i = 0; i < INSERTS; i++) {
                    ids.add(customers.insert(new Customer()).getId());
                }
            });
            assertThat(ids).hasSize(THREADS * INSERTS);
            assertThat(repositories.get(0).count()).isEqualTo(THREADS * INSERTS);
        }
    }

    @Test
    void objectIdsStayUniqueAcrossThreadsOnPlainInsertOne() throws Exception {
        Set<String> ids = ConcurrentHashMap.newKeySet();
        runTogether(thread -> {
            for (int i = 0; i < INSERTS; i++) {
                Profile profile = new Profile();
                keysmith.collection(Profile.class).insertOne(profile);
                ids.add(profile.id);
            }
        });
        assertThat(ids).hasSize(THREADS * INSERTS);
        assertThat(keysmith.collection(Profile.class).countDocuments()).isEqualTo(THREADS * INSERTS);
    }

    private interface Work {
        void run(int thread) throws Exception;
    }

    private static void runTogether(Work work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            CountDownLatch ready = new CountDownLatch(THREADS);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    start.await();
                    work.run(thread);
                    return null;
                }));
            }
            assertThat(ready.await(60, TimeUnit.SECONDS)).as("every thread ready (a hang guard)").isTrue();
            start.countDown();
            for (Future<?> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
