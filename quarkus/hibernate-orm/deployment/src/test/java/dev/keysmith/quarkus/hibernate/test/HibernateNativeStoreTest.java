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
 * Hibernate ORM in Quarkus on H2 with nothing but keysmith's extension: every strategy's id, the counters in native
 * database sequences; keysmith's settings given as quarkus.keysmith.hibernate.* reach Hibernate, with no warning.
 * One Quarkus start for the class.
 */
class HibernateNativeStoreTest {

    @RegisterExtension
    static final QuarkusUnitTest QUARKUS = OrmConfig.application("keysmith_native")
            .overrideConfigKey("quarkus.keysmith.hibernate.allocation-timeout", "5s")
            .overrideConfigKey("quarkus.keysmith.hibernate.counter-check", "warn");

    @Inject
    EntityManager entityManager;

    @Inject
    EntityManagerFactory factory;

    @Inject
    DataSource dataSource;

    @Test
    void everyStrategyGetsItsIdFromNativeSequences() throws Exception {
        Invoice[] invoices = OrmScenario.everyStrategyGetsItsIdAndIsFoundById(entityManager);

        // batch = 2: the third invoice opened the second range of the sequence, whose value is past every id
        long sequence = ((Number) OrmScenario.queryOne(dataSource, "select base_value from"
                + " information_schema.sequences where sequence_name = 'KEYSMITH_INVOICE'")).longValue();
        assertThat(sequence).isGreaterThan(invoices[2].number);
        assertThat(OrmScenario.queryOne(dataSource, "select count(*) from information_schema.sequences"
                + " where sequence_name = 'KEYSMITH_SHIPMENTS'")).isEqualTo(1L);
        assertThat(OrmScenario.queryOne(dataSource, "select count(*) from information_schema.tables"
                + " where table_name = 'KEYSMITH_SEQUENCES'")).isEqualTo(0L);
        assertThat(factory.getProperties()).containsEntry("keysmith.allocation_timeout", "5s")
                .containsEntry("keysmith.counter_check", "warn");
    }
}
