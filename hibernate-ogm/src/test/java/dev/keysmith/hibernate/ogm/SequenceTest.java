package dev.keysmith.hibernate.ogm;

import static dev.keysmith.hibernate.ogm.OgmTestSupport.persist;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.mongodb.client.MongoCollection;
import dev.keysmith.hibernate.ogm.model.Invoice;
import dev.keysmith.runtime.IdAllocationException;
import dev.keysmith.runtime.MalformedCounterException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import javax.persistence.EntityManager;
import javax.persistence.EntityManagerFactory;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code @Sequence} through OGM: numbering, the counter document, and rollbacks. */
class SequenceTest {

    @RegisterExtension
    final OgmTestSupport mongo = OgmTestSupport.start();
    private final String database = mongo.freshDatabaseName();
    private final EntityManagerFactory factory = mongo.factory(database, Invoice.class);

    @Test
    void twentyFivePersistsWithBatchTenGiveOneToTwentyFive() {
        List<Long> numbers = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            numbers.add(persist(factory, new Invoice("customer " + i)).number);
        }

        assertThat(numbers).containsExactlyElementsOf(LongStream.rangeClosed(1, 25).boxed().toList());
        assertThat(mongo.database(database).getCollection("Invoice").countDocuments()).isEqualTo(25);
    }

    @Test
    void theCounterDocumentHasKeysmithMongodbsFormat() {
        for (int i = 0; i < 25; i++) {
            persist(factory, new Invoice("customer " + i));
        }

        MongoCollection<BsonDocument> counters = mongo.database(database)
                .getCollection("keysmith_counters", BsonDocument.class);
        assertThat(counters.countDocuments()).isEqualTo(1);
        BsonDocument counter = counters.find().first();
        // {_id: <sequence name, the entity's by default>, next: NumberLong(values reserved so far)}
        assertThat(counter.keySet()).containsExactly("_id", "next");
        assertThat(counter.getString("_id").getValue()).isEqualTo("Invoice");
        assertThat(counter.get("next").getBsonType()).isEqualTo(BsonType.INT64);
        // whole batches of 10, at least three to cover 1..25; the background prefetch may have reserved ahead (how far
        // is the allocator's to decide, and its own tests pin it)
        assertThat(counter.getInt64("next").getValue()).isGreaterThanOrEqualTo(30L)
                .satisfies(next -> assertThat(next % 10).isZero());
        // OGM's own sequences table is not involved
        assertThat(mongo.database(database).listCollectionNames()).doesNotContain("hibernate_sequences");
    }

    @Test
    void aRolledBackPersistsIdIsNotReused() {
        long first = persist(factory, new Invoice("kept")).number;
        EntityManager em = factory.createEntityManager();
        Invoice discarded = new Invoice("rolled back");
        em.getTransaction().begin();
        em.persist(discarded);
        em.flush();
        em.getTransaction().rollback();
        em.close();
        long after = persist(factory, new Invoice("kept too")).number;

        assertThat(discarded.number).isEqualTo(first + 1);
        assertThat(after).isEqualTo(first + 2);
    }

    @Test
    void aMalformedCounterFailsThePersistAndIsLeftAsItWas() {
        MongoCollection<BsonDocument> counters = mongo.database(database)
                .getCollection("keysmith_counters", BsonDocument.class);
        BsonDocument malformed = BsonDocument.parse("{_id: 'Invoice', next: 12.5}");
        counters.insertOne(malformed);

        Throwable thrown = catchThrowable(() -> persist(factory, new Invoice("never stored")));

        assertThat(thrown).isInstanceOf(IdAllocationException.class)
                .hasCauseInstanceOf(MalformedCounterException.class)
                .hasMessageContaining("'Invoice'").hasMessageContaining("12.5");
        assertThat(counters.find().first()).isEqualTo(malformed);
        assertThat(mongo.database(database).getCollection("Invoice").countDocuments()).isZero();
    }

    @Test
    void closingTheFactoryStopsTheBackgroundPrefetch() throws InterruptedException {
        Set<Thread> before = prefetchThreads();
        for (int i = 0; i < 9; i++) {
            persist(factory, new Invoice("customer " + i));
        }
        Set<Thread> started = prefetchThreads();
        started.removeAll(before);
        assertThat(started).as("nine of ten ids used: the next range is prefetched in the background").isNotEmpty();

        factory.close();

        // The prefetch thread would idle on its own for a while; closing the factory ends it. The claim is that it
        // ends, not how soon: a minute is only a hang guard for a loaded machine.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (Thread thread : started) {
            TimeUnit.NANOSECONDS.timedJoin(thread, Math.max(1, deadline - System.nanoTime()));
        }
        assertThat(started).as("prefetch threads after the factory closed").noneMatch(Thread::isAlive);
    }

    private static Set<Thread> prefetchThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && thread.getName().startsWith("keysmith-prefetch"))
                .collect(Collectors.toCollection(HashSet::new));
    }

    @Test
    void aNewFactoryContinuesAfterTheRangesTheOldOneReserved() {
        long before = persist(factory, new Invoice("first run")).number;
        factory.close();
        EntityManagerFactory restarted = mongo.factory(database, Invoice.class);

        long after = persist(restarted, new Invoice("second run")).number;

        // the first factory's unused ids (2..10, maybe 11..20 prefetched) are never handed out again
        assertThat(before).isEqualTo(1);
        assertThat(after).isIn(11L, 21L);
    }
}
