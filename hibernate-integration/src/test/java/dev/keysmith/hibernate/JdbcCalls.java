package dev.keysmith.hibernate;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * A {@link DataSource} that passes every call on to a real one and counts what goes to the database: connections
 * taken, commits and rollbacks, and each statement execution by kind ({@code nextval}, {@code insert}, other), with
 * the rows added to JDBC batches. Each count is one round trip to the server, except {@code addBatch}.
 */
final class JdbcCalls {

    private final DataSource target;
    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    private JdbcCalls(DataSource target) {
        this.target = target;
    }

    /** Counts the calls made through the returned data source. */
    static JdbcCalls over(DataSource target) {
        return new JdbcCalls(target);
    }

    DataSource dataSource() {
        return proxy(DataSource.class, target, null);
    }

    /** The counts so far, by name ({@code getConnection}, {@code commit}, {@code executeQuery nextval}, ...). */
    Map<String, Long> counts() {
        Map<String, Long> snapshot = new TreeMap<>();
        counts.forEach((name, count) -> snapshot.put(name, count.sum()));
        return snapshot;
    }

    void reset() {
        counts.clear();
    }

    private <T> T proxy(Class<T> type, Object real, String sql) {
        InvocationHandler handler = (proxy, method, args) -> {
            String name = method.getName();
            Object result;
            try {
                result = method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            switch (name) {
                case "getConnection", "commit", "rollback" -> count(name);
                case "executeQuery", "executeUpdate", "executeBatch", "execute", "executeLargeUpdate", "addBatch" ->
                    count(name + " " + kind(sql != null ? sql : args != null && args.length > 0 ? (String) args[0]
                            : ""));
                default -> { }
            }
            if (result instanceof Connection connection) {
                return proxy(Connection.class, connection, null);
            }
            if (result instanceof PreparedStatement statement) {
                return proxy(PreparedStatement.class, statement, (String) args[0]);
            }
            if (result instanceof Statement statement && !(result instanceof PreparedStatement)) {
                return proxy(Statement.class, statement, null);
            }
            return result;
        };
        return type.cast(Proxy.newProxyInstance(JdbcCalls.class.getClassLoader(), new Class<?>[] {type}, handler));
    }

    private void count(String name) {
        counts.computeIfAbsent(name, key -> new LongAdder()).increment();
    }

    private static String kind(String sql) {
        String text = sql.toLowerCase(Locale.ROOT);
        if (text.contains("nextval") || text.contains("next value for")) {
            return "nextval";
        }
        return text.startsWith("insert") ? "insert" : "other";
    }
}
