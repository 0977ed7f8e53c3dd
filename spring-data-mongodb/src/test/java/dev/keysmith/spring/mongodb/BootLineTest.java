package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.api.ThrowingConsumer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootVersion;
import org.springframework.data.mongodb.core.MongoTemplate;

/** The suite runs on the Spring Boot line its module names, with the driver that Boot line manages. */
class BootLineTest {

    @Test
    void runsOnTheExpectedSpringBootLine() {
        assertThat(SpringBootVersion.getVersion()).satisfies(onLine(expected("keysmith.spring-boot.expected")));
        assertThat(MongoTemplate.class.getPackage().getImplementationVersion()).as("Spring Data MongoDB")
                .satisfies(onLine(expected("keysmith.spring-data-mongodb.expected")));
        assertThat(com.mongodb.internal.build.MongoDriverVersion.VERSION)
                .as("the driver Boot manages, not keysmith's own")
                .startsWith(expected("keysmith.mongodb-driver.expected") + ".");
        assertThat(com.mongodb.reactivestreams.client.MongoClients.class.getProtectionDomain().getCodeSource()
                .getLocation().getPath())
                .as("the reactive driver Boot manages, the blocking one's version (not keysmith-mongodb-reactive's)")
                .contains("mongodb-driver-reactivestreams-" + expected("keysmith.mongodb-driver.expected") + ".");
    }

    /** A version of {@code line}: the line itself (a release, "3.5.7") or a release of it ("3.5" for "3.5.16"). */
    private static ThrowingConsumer<String> onLine(String line) {
        return version -> assertThat(version.equals(line) || version.startsWith(line + ".")).as("%s is on %s",
                version, line).isTrue();
    }

    private static String expected(String property) {
        String expected = System.getProperty(property, "");
        assertThat(expected).as("the module sets %s", property).isNotBlank();
        return expected;
    }
}
