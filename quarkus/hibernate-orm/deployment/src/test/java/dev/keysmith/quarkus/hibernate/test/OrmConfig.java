package dev.keysmith.quarkus.hibernate.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keysmith.quarkus.hibernate.test.entities.Invoice;
import io.quarkus.test.QuarkusUnitTest;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;

/**
 * The Quarkus application of the Hibernate ORM tests: the entities, an in-memory H2 database; its log must have no
 * warning about keysmith's settings.
 */
final class OrmConfig {

    private OrmConfig() {
    }

    static QuarkusUnitTest application(String database) {
        return new QuarkusUnitTest()
                .withApplicationRoot(jar -> jar.addPackage(Invoice.class.getPackage())
                        .addClasses(OrmScenario.class, OrmConfig.class))
                .overrideConfigKey("quarkus.datasource.db-kind", "h2")
                .overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1")
                .overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
                .overrideConfigKey("quarkus.devservices.enabled", "false")
                // keysmith's settings reach Hibernate without a warning: no unsupported properties, no unknown key
                .setLogRecordPredicate(record -> true)
                .assertLogRecords(records -> assertThat(records).map(OrmConfig::text)
                        .noneMatch(text -> text.contains("unsupported properties"))
                        .noneMatch(text -> text.contains("Unrecognized configuration key"))
                        .noneMatch(text -> text.contains("quarkus.keysmith")));
    }

    /** A log record as it would be printed: its message with its parameters. */
    static String text(LogRecord record) {
        return new SimpleFormatter().formatMessage(record);
    }
}
