package dev.keysmith.spring.mongodb.reactive;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The application of the reactive tests: Spring Boot's reactive Spring Data MongoDB auto-configuration plus keysmith's
 * (and the blocking route's too, unless a test excludes it), with the reactive repositories of this package.
 */
@SpringBootApplication
public class ReactiveApplication {
}
