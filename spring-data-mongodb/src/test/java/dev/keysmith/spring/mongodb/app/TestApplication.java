package dev.keysmith.spring.mongodb.app;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application of the tests: Spring Boot's Spring Data MongoDB auto-configuration plus keysmith's, nothing else. */
@SpringBootApplication
public class TestApplication {
}
