package dev.keysmith.quarkus.test.blocking;

import io.quarkus.mongodb.panache.PanacheMongoRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class Invoices implements PanacheMongoRepositoryBase<Invoice, Long> {
}
