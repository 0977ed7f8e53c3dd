package com.example;

import java.util.UUID;
import org.springframework.data.jpa.repository.JpaRepository;

public interface Customers extends JpaRepository<Customer, UUID> {
}
