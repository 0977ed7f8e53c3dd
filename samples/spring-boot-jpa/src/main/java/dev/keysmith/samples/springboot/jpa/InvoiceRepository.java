package dev.keysmith.samples.springboot.jpa;

import org.springframework.data.jpa.repository.JpaRepository;

/** A plain Spring Data JPA repository: nothing keysmith-specific. */
public interface InvoiceRepository extends JpaRepository<Invoice, Long> {
}
