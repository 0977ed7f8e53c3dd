package com.example;

import java.util.List;
import java.util.UUID;
import org.springframework.data.jpa.repository.JpaRepository;

public interface Invoices extends JpaRepository<Invoice, Long> {      // plain Spring Data JPA

    List<Invoice> findByCustomerOrderByNumber(UUID customer);
}
