package dev.keysmith.samples;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.keysmith.samples.jpa.HibernateDemo;
import dev.keysmith.samples.mongo.MongoDemo;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.h2.jdbcx.JdbcConnectionPool;
import org.hibernate.SessionFactory;

/**
 * The keysmith demo: starts an embedded MongoDB server and an in-memory H2 database, stores entities with every id
 * strategy through the MongoDB driver and through Hibernate, and prints what was stored. Run it from the
 * repository's root with {@code mvn -Pdemo -pl samples,samples/hibernate-ogm -am package}.
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class Demo {

    /**
     * With no other backend on the class path, Hibernate logs through JBoss Logging to java.util.logging, at INFO.
     * The demo prints its own table, so only warnings and errors pass. Held here because java.util.logging keeps
     * loggers weakly: a level set on a logger nobody references can be lost to garbage collection.
     */
    private static final Logger HIBERNATE_LOG = Logger.getLogger("org.hibernate");

    private Demo() {
    }

    public static void main(String[] args) {
        run(System.out);
    }

    /** Runs the demo, printing to {@code out}; every server, client and factory it opens is closed on return. */
    public static void run(PrintStream out) {
        HIBERNATE_LOG.setLevel(Level.WARNING);
        Table stored = new Table("ROUTE", "STRATEGY", "ENTITY", "ID", "READ BACK FROM THE ID");

        // An embedded server on an ephemeral port of 127.0.0.1: nothing to install, nothing left running.
        MongoServer server = new MongoServer(new MemoryBackend());
        Table counters;
        try {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            try (MongoClient client = MongoClients.create(server.getConnectionString())) {
                counters = MongoDemo.run(client.getDatabase("demo"), stored);
            }
        } finally {
            server.shutdown();
        }

        // An in-memory H2 database lives while a connection to it is open: here, as long as the pool.
        JdbcConnectionPool h2 = JdbcConnectionPool.create("jdbc:h2:mem:keysmith-demo", "sa", "");
        Table sequences;
        try (SessionFactory factory = HibernateDemo.sessionFactory(h2)) {
            sequences = HibernateDemo.run(factory, stored);
        } finally {
            h2.dispose();
        }

        out.println("keysmith demo: one annotation on the id, through the MongoDB driver and through Hibernate");
        out.println();
        out.println("Entities stored, then read back (MongoDB: an embedded server on 127.0.0.1;"
                + " Hibernate: H2 in memory):");
        stored.print(out);
        out.println();
        out.println("MongoDB collection " + MongoDemo.COUNTERS
                + ", one document per sequence; next = how many numbers were reserved so far:");
        counters.print(out);
        out.println();
        out.println("SQL sequences, one per @Sequence (increment = batch); reserved = how many numbers were"
                + " reserved so far:");
        sequences.print(out);
    }
}
