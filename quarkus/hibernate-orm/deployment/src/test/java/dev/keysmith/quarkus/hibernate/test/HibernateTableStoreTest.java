package dev.keysmith.quarkus.hibernate.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.quarkus.hibernate.test.entities.Invoice;
import io.quarkus.test.QuarkusUnitTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * quarkus.keysmith.hibernate.sequence-store=table: the application boots (the keysmith_sequences entity is known at
 * build time), every strategy gets its id, the counters are rows of keysmith_sequences, no database sequence is
 * made, and no warning is logged. One Quarkus start for the class.
 */
class HibernateTableStoreTest {

    @RegisterExtension
    static final QuarkusUnitTest QUARKUS = OrmConfig.application("keysmith_table")
            .overrideConfigKey("quarkus.keysmith.hibernate.sequence-store", "table")
            .overrideConfigKey("quarkus.keysmith.hibernate.prefetch-batches", "1");

    @Inject
    EntityManager entityManager;

    @Inject
    EntityManagerFactory factory;

    @Inject
    DataSource dataSource;

    @Test
    void everyStrategyGetsItsIdFromTheTable() throws Exception {
        Invoice[] invoices = OrmScenario.everyStrategyGetsItsIdAndIsFoundById(entityManager);

        long reserved = ((Number) OrmScenario.queryOne(dataSource,
                "select next_val from keysmith_sequences where seq_name = 'Invoice'")).longValue();
        assertThat(reserved).isGreaterThanOrEqualTo(invoices[2].number);
        assertThat(OrmScenario.queryOne(dataSource,
                "select count(*) from keysmith_sequences where seq_name = 'shipments'")).isEqualTo(1L);
        assertThat(OrmScenario.queryOne(dataSource, "select count(*) from information_schema.sequences"
                + " where sequence_name like 'KEYSMITH%'")).isEqualTo(0L);
        assertThat(factory.getProperties()).containsEntry("keysmith.sequence_store", "table")
                .containsEntry("keysmith.prefetch_batches", "1");
    }
}
