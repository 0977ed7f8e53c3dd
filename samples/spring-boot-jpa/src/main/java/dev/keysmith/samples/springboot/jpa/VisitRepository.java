package dev.keysmith.samples.springboot.jpa;

import java.util.UUID;
import org.springframework.data.jpa.repository.JpaRepository;

/** A plain Spring Data JPA repository: nothing keysmith-specific. */
public interface VisitRepository extends JpaRepository<Visit, UUID> {
}
