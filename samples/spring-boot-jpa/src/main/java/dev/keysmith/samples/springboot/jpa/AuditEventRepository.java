package dev.keysmith.samples.springboot.jpa;

import org.bson.types.ObjectId;
import org.springframework.data.jpa.repository.JpaRepository;

/** A plain Spring Data JPA repository: nothing keysmith-specific. */
public interface AuditEventRepository extends JpaRepository<AuditEvent, ObjectId> {
}
