package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootVersion;
import org.springframework.data.mongodb.core.MongoTemplate;

/** The suite runs on the Spring Boot line its module names, with the driver that Boot line manages. */
class BootLineTest {

    @Test
    void runsOnTheExpectedSpringBootLine() {
        String expected = System.getProperty("keysmith.spring-boot.expected", "");
        assertThat(expected).as("the module sets keysmith.spring-boot.expected").isNotBlank();
        assertThat(SpringBootVersion.getVersion()).startsWith(expected + ".");
        assertThat(MongoTemplate.class.getPackage().getImplementationVersion())
                .as("Spring Data MongoDB").startsWith(expected.equals("3") ? "4." : "5.");
        String driver = com.mongodb.internal.build.MongoDriverVersion.VERSION;
        assertThat(driver).as("the driver Boot manages, not keysmith's own").startsWith(expected.equals("3") ? "5.5." : "5.6.");
    }
}
