package dev.keysmith.samples.springboot.jpa;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot application whose Spring Data JPA repositories get their ids from keysmith. Nothing in it is
 * keysmith configuration: the annotations on the entities' ids and the {@code keysmith-hibernate} dependency are
 * all. Runs on an in-memory H2 database unless {@code spring.datasource.url} says otherwise.
 */
@SpringBootApplication
public class JpaSampleApplication {

    public static void main(String[] args) {
        SpringApplication.run(JpaSampleApplication.class, args);
    }
}
