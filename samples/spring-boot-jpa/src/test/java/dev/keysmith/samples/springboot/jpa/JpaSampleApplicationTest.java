package dev.keysmith.samples.springboot.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hibernate.Version;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The sample on Spring Boot's defaults (H2, a HikariCP pool of 10): each repository gets its ids on
 * {@code save()}, ten transactions that hold every connection of the pool still get their sequence ids, and a
 * missing sequence reaches the caller as Spring's {@link DataAccessException}.
 */
@SpringBootTest
class JpaSampleApplicationTest {

    @Autowired InvoiceRepository invoices;
    @Autowired RefundRepository refunds;
    @Autowired VisitRepository visits;
    @Autowired AccountRepository accounts;
    @Autowired AuditEventRepository events;
    @Autowired TransactionTemplate transactions;
    @Autowired JdbcTemplate jdbc;

    @Test
    void runsOnTheBootAndHibernateLineOfThisModule() {
        String boot = System.getProperty("keysmith.sample.boot", "");
        String hibernate = System.getProperty("keysmith.sample.hibernate", "");
        assertThat(SpringBootVersion.getVersion()).startsWith(boot);
        assertThat(Version.getVersionString()).startsWith(hibernate);
    }

    @Test
    void everyRepositoryGetsItsIdOnSave() {
        Invoice invoice = invoices.save(new Invoice(new BigDecimal("12.50")));
        Visit visit = visits.save(new Visit("/home"));
        Visit later = visits.save(new Visit("/cart"));
        Account account = accounts.save(new Account("ada"));
        AuditEvent event = events.save(new AuditEvent("login"));

        assertThat(invoice.getNumber()).isPositive();
        assertThat(visit.getId().version()).isEqualTo(7);
        assertThat(later.getId()).isGreaterThan(visit.getId());
        assertThat(account.getNumber()).isBetween(100_000_000_000L, 999_999_999_999L);
        assertThat(event.getId()).isNotNull();

        assertThat(invoices.findById(invoice.getNumber())).get().extracting(Invoice::getTotal)
                .isEqualTo(new BigDecimal("12.50"));
        assertThat(visits.findById(visit.getId())).get().extracting(Visit::getPage).isEqualTo("/home");
        assertThat(accounts.findById(account.getNumber())).get().extracting(Account::getOwner).isEqualTo("ada");
        assertThat(events.findById(event.getId())).get().extracting(AuditEvent::getAction).isEqualTo("login");
    }

    @Test
    void tenTransactionsHoldingTheWholePoolStillGetTheirIds() throws Exception {
        int threads = 10; // Spring Boot's default HikariCP pool size
        int perTransaction = 200;
        Set<Long> numbers = ConcurrentHashMap.newKeySet();
        CyclicBarrier allHoldAConnection = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> transactions.executeWithoutResult(status -> {
                    jdbc.queryForObject("select 1", Integer.class); // this transaction's connection is taken
                    await(allHoldAConnection);
                    List<Invoice> batch = new ArrayList<>();
                    for (int i = 0; i < perTransaction; i++) {
                        batch.add(new Invoice(BigDecimal.ONE));
                    }
                    invoices.saveAll(batch).forEach(invoice -> numbers.add(invoice.getNumber()));
                })));
            }
            for (Future<?> transaction : done) {
                transaction.get(2, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(numbers).hasSize(threads * perTransaction);
    }

    @Test
    void aMissingSequenceIsADataAccessException() {
        jdbc.execute("drop sequence keysmith_refunds");
        assertThatThrownBy(() -> refunds.save(new Refund("damaged")))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("nextval of sequence keysmith_refunds failed")
                .hasMessageContaining("create sequence keysmith_refunds start with 1 increment by 20");
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the ten transactions did not all start", e);
        }
    }
}
