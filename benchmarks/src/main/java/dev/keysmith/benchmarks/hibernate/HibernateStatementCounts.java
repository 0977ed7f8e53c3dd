package dev.keysmith.benchmarks.hibernate;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Counts what {@link HibernateInsertBenchmark}'s {@code insert20k} sends PostgreSQL for each generator and layout:
 * the calls of every statement {@code pg_stat_statements} records during one operation (after one warm-up
 * operation), printed as a table. Deterministic, unlike the timing: the evidence that both sides do the same work.
 *
 * <p>Needs a PostgreSQL with {@code shared_preload_libraries = pg_stat_statements} and the extension created in the
 * database (not the default cluster of {@code .ci/start-postgres}; see docs/benchmarks.md, (h)), given as the
 * benchmark's {@code KEYSMITH_POSTGRES_*} settings. Run:
 * {@code java -cp benchmarks/target/benchmarks.jar dev.keysmith.benchmarks.hibernate.HibernateStatementCounts}.
 */
public final class HibernateStatementCounts {

    private static final String STATEMENTS = "select queryid, regexp_replace(query, '\\s+', ' ', 'g'), calls "
            + "from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())";

    private HibernateStatementCounts() {
    }

    public static void main(String[] args) throws Exception {
        for (String layout : new String[] {"1x1", "2x4"}) {
            for (String generator : new String[] {"native", "pooled", "table"}) {
                HibernateInsertBenchmark benchmark = new HibernateInsertBenchmark();
                benchmark.generator = generator;
                benchmark.layout = layout;
                benchmark.start();
                try {
                    benchmark.emptyTable();
                    benchmark.insert20k(); // warm-up: the factories' first reservations, Hibernate's first statements
                    benchmark.emptyTable();
                    Map<Long, Statement> before = statements();
                    benchmark.insert20k();
                    Map<Long, Statement> after = statements();
                    System.out.printf("%n%s %s: %,d inserts%n", generator, layout, HibernateInsertBenchmark.INSERTS);
                    after.forEach((id, statement) -> {
                        long calls = statement.calls() - (before.containsKey(id) ? before.get(id).calls() : 0);
                        if (calls > 0 && !statement.sql().contains("pg_stat_statements")) {
                            System.out.printf("%10d  %s%n", calls, statement.sql());
                        }
                    });
                } finally {
                    benchmark.stop();
                }
            }
        }
    }

    private record Statement(String sql, long calls) {
    }

    private static Map<Long, Statement> statements() throws SQLException {
        Map<Long, Statement> statements = new LinkedHashMap<>();
        try (Connection connection = DriverManager.getConnection(HibernateInsertBenchmark.setting(
                "KEYSMITH_POSTGRES_URL"), HibernateInsertBenchmark.setting("KEYSMITH_POSTGRES_USER"),
                HibernateInsertBenchmark.setting("KEYSMITH_POSTGRES_PASSWORD"));
                PreparedStatement select = connection.prepareStatement(STATEMENTS);
                ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                statements.put(rows.getLong(1), new Statement(rows.getString(2), rows.getLong(3)));
            }
        }
        return statements;
    }
}
