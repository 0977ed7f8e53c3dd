package com.example;

import java.math.BigDecimal;
import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;

@SpringBootApplication
public class Main {

    public static void main(String[] args) {
        try (ConfigurableApplicationContext context = SpringApplication.run(Main.class, args)) {
            Customers customers = context.getBean(Customers.class);
            Invoices invoices = context.getBean(Invoices.class);

            Customer ada = customers.save(new Customer("Ada"));                   // the id is set on save
            invoices.save(new Invoice(ada.getId(), new BigDecimal("12.50")));
            invoices.save(new Invoice(ada.getId(), new BigDecimal("99.00")));

            Customer found = customers.findById(ada.getId()).orElseThrow();       // read back from the database
            List<Long> numbers = invoices.findByCustomerOrderByNumber(found.getId()).stream()
                    .map(Invoice::getNumber).toList();
            if (!numbers.equals(List.of(1L, 2L)) || found.getId().version() != 7) {
                throw new IllegalStateException("unexpected ids: " + numbers + ", " + found.getId());
            }
            System.out.println("Spring Data JPA example: invoices " + numbers + " of a customer with a UUID v"
                    + found.getId().version());
        }
    }
}
