package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;

import org.hibernate.Version;
import org.junit.jupiter.api.Test;

/**
 * The suite runs twice, on Hibernate ORM 7.4 (keysmith-hibernate) and on 6.6 (keysmith-hibernate66-tests); each
 * module tells which line it expects through {@code keysmith.hibernate.expected}, so a run on the wrong Hibernate
 * cannot pass unnoticed.
 */
class HibernateVersionTest {

    @Test
    void runsOnTheHibernateLineTheModuleDeclares() {
        String expected = System.getProperty("keysmith.hibernate.expected");
        assertThat(expected).as("system property keysmith.hibernate.expected, set by the module's surefire").isNotBlank();
        assertThat(Version.getVersionString()).startsWith(expected + ".");
    }
}
