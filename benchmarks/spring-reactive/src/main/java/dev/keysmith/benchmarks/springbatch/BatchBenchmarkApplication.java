package dev.keysmith.benchmarks.springbatch;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application of (l): Spring Boot's blocking and reactive Spring Data MongoDB with keysmith's auto-configuration. */
@SpringBootApplication
public class BatchBenchmarkApplication {
}
