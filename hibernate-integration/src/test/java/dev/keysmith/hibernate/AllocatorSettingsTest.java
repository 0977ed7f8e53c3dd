package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keysmith.annotations.Sequence;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.hibernate.JDBCException;
import org.hibernate.SessionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Hibernate settings {@value KeysmithSequences#ALLOCATION_TIMEOUT_PROPERTY},
 * {@value KeysmithSequences#FAILURE_BACKOFF_PROPERTY} and {@value KeysmithSequences#PREFETCH_BATCHES_PROPERTY}: a bad
 * value fails the boot naming the setting and the value,
 * and the back-off reaches the sequences' allocators (H2, native sequences).
 */
class AllocatorSettingsTest {

    @Entity(name = "Parcel")
    public static class Parcel {
        @Id @Sequence(name = "parcels", batch = 1) Long id;
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
        KeysmithSequences.ALLOCATION_TIMEOUT_PROPERTY + ", soon",
        KeysmithSequences.ALLOCATION_TIMEOUT_PROPERTY + ", 0",
        KeysmithSequences.ALLOCATION_TIMEOUT_PROPERTY + ", -5s",
        KeysmithSequences.ALLOCATION_TIMEOUT_PROPERTY + ", 5 hours",
        KeysmithSequences.FAILURE_BACKOFF_PROPERTY + ", PT-1S",
        KeysmithSequences.FAILURE_BACKOFF_PROPERTY + ", 1.5s",
    })
    void aBadValueFailsTheBootNamingTheSettingAndTheValue(String setting, String value) {
        TestDatabase.Target target = TestDatabase.H2.target().with(setting, value);
        assertThatThrownBy(() -> target.create(List.of(Parcel.class)))
                .hasStackTraceContaining("[keysmith] " + setting + " = '" + value + "' is not a valid")
                .hasStackTraceContaining("5s");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"5000", "5000ms", "5s", "1m", "PT5S", "pt0.5s"})
    void theDocumentedFormsAreAccepted(String value) {
        TestDatabase.Target target = TestDatabase.H2.target()
                .with(KeysmithSequences.ALLOCATION_TIMEOUT_PROPERTY, value)
                .with(KeysmithSequences.FAILURE_BACKOFF_PROPERTY, value);
        try (SessionFactory factory = target.create(List.of(Parcel.class))) {
            assertThat(SequenceTableTest.persist(factory, new Parcel())).isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0", "-1", "many", "1.5"})
    void aBadNumberOfPrefetchBatchesFailsTheBootNamingTheSettingAndTheValue(String value) {
        TestDatabase.Target target = TestDatabase.H2.target().with(KeysmithSequences.PREFETCH_BATCHES_PROPERTY, value);
        assertThatThrownBy(() -> target.create(List.of(Parcel.class)))
                .hasStackTraceContaining("[keysmith] " + KeysmithSequences.PREFETCH_BATCHES_PROPERTY + " = '" + value
                        + "' is not a valid number of batches")
                .hasStackTraceContaining("at least 1");
    }

    @Test
    void aLongBackoffFailsFastAfterAFailureWhileNoBackoffRetriesAtOnce() throws Exception {
        assertThat(persistAfterTheSequenceCameBack("10m")).as("within a 10 minute back-off").isNull();
        assertThat(persistAfterTheSequenceCameBack("0")).as("without a back-off: the new sequence's first").isEqualTo(100);
    }

    /** The id of an insert right after one that failed for a missing sequence, once the sequence is back. */
    private static Long persistAfterTheSequenceCameBack(String backoff) throws Exception {
        TestDatabase.Target target = TestDatabase.H2.target()
                .with(KeysmithSequences.FAILURE_BACKOFF_PROPERTY, backoff);
        try (SessionFactory factory = target.create(List.of(Parcel.class));
                Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            assertThat(SequenceTableTest.persist(factory, new Parcel())).isEqualTo(1);
            statement.execute("drop sequence keysmith_parcels");
            assertThatThrownBy(() -> SequenceTableTest.persist(factory, new Parcel()))
                    .hasMessageContaining("keysmith_parcels");
            statement.execute("create sequence keysmith_parcels start with 100 increment by 1");
            try {
                return SequenceTableTest.persist(factory, new Parcel());
            } catch (RuntimeException failingFast) {
                assertThat(failingFast).hasStackTraceContaining("the next is tried in");
                return null;
            }
        }
    }

    /**
     * Inserts failing fast after a failed reservation each get an exception of their own, of the failure's kind
     * (Spring translates it as it would the first), never one instance shared between callers: on the native route
     * and on the table store, whose reservations run on a connection of their own.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"native", "table"})
    void everyInsertFailingFastGetsAnExceptionOfItsOwnOfTheSameKind(String store) throws Exception {
        TestDatabase.Target target = TestDatabase.H2.target()
                .with(KeysmithSequences.STORE_PROPERTY, store)
                .with(KeysmithSequences.FAILURE_BACKOFF_PROPERTY, "10m");
        try (SessionFactory factory = target.create(List.of(Parcel.class));
                Connection connection = target.connect(); Statement statement = connection.createStatement()) {
            assertThat(SequenceTableTest.persist(factory, new Parcel())).isEqualTo(1);
            statement.execute(store.equals("native") ? "drop sequence keysmith_parcels"
                    : "drop table " + KeysmithSequences.TABLE);
            JDBCException first = jdbcCause(() -> SequenceTableTest.persist(factory, new Parcel()));
            JDBCException second = jdbcCause(() -> SequenceTableTest.persist(factory, new Parcel()));
            JDBCException third = jdbcCause(() -> SequenceTableTest.persist(factory, new Parcel()));
            assertThat(second).isNotSameAs(first).isNotSameAs(third).hasSameClassAs(first);
            assertThat(third).hasSameClassAs(first);
            assertThat((Object) second.getSQLException()).isSameAs(first.getSQLException());
            assertThat(second).hasMessageContaining("the next is tried in");
        }
    }

    private static JDBCException jdbcCause(Runnable insert) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(insert::run);
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof JDBCException jdbc) {
                return jdbc;
            }
        }
        throw new AssertionError("no JDBCException in the chain", thrown);
    }
}
