package com.example

import de.bwaldvogel.mongo.MongoServer
import de.bwaldvogel.mongo.backend.memory.MemoryBackend
import java.math.BigDecimal
import java.net.InetSocketAddress
import org.bson.types.ObjectId
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.runApplication
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.data.mongodb.core.MongoTemplate

/** Spring Data MongoDB documents and JPA entities (Hibernate on H2), all in Kotlin, in one Spring Boot application. */
@SpringBootApplication
class Application

/**
 * Saves a Kotlin entity of every strategy through Spring Data MongoDB (on an embedded server) and through Spring
 * Data JPA (on Hibernate and H2), reads each back, and checks its id.
 */
object Main {

    @JvmStatic
    fun main(args: Array<String>) {
        val server = MongoServer(MemoryBackend())
        try {
            server.bind(InetSocketAddress("127.0.0.1", 0))
            runApplication<Application>("--spring.mongodb.uri=${server.connectionString}/example")
                .use { context -> run(context) }
        } finally {
            server.shutdownNow()
        }
    }

    private fun run(context: ConfigurableApplicationContext) {
        val invoices = context.getBean(Invoices::class.java)
        val first = invoices.save(Invoice(customer = "Ada", total = BigDecimal("12.50")))
        val second = invoices.save(Invoice(customer = "Ada", total = BigDecimal("99.00")))
        check(first.number != null && second.number == first.number!! + 1,
                "Invoice numbers follow each other: ${first.number}, ${second.number}")
        check(invoices.findById(second.number!!).orElseThrow() == second, "Invoice read back equal")

        val customers = context.getBean(Customers::class.java)
        val ada = customers.save(Customer(name = "Ada"))
        check(ada.id?.version() == 7, "Customer id is a UUID v7: ${ada.id}")
        check(customers.findById(ada.id!!).orElseThrow() == ada, "Customer read back equal")

        val comments = context.getBean(Comments::class.java)
        val comment = comments.save(Comment(text = "paid on time"))
        check(comment.id != null && ObjectId.isValid(comment.id), "Comment id is an ObjectId: ${comment.id}")
        check(comments.findById(comment.id!!).orElseThrow() == comment, "Comment read back equal")
        val stored = context.getBean(MongoTemplate::class.java).getCollection("comments").find().first()!!
        check(stored["_id"] is ObjectId, "Comment _id stored as an ObjectId")

        val giftCards = context.getBean(GiftCards::class.java)
        val card = giftCards.save(GiftCard(cents = 5_000))
        check(card.number.toString().length == 16, "GiftCard number has 16 digits: ${card.number}")
        check(giftCards.findById(card.number!!).orElseThrow() == card, "GiftCard read back equal")

        val tickets = context.getBean(Tickets::class.java)
        val ticket = tickets.save(Ticket(title = "printer jam"))
        val nextTicket = tickets.save(Ticket(title = "no toner"))
        check(ticket.number != null && nextTicket.number == ticket.number!! + 1,
                "Ticket numbers follow each other: ${ticket.number}, ${nextTicket.number}")
        check(tickets.findById(ticket.number!!).orElseThrow().title == "printer jam", "Ticket read back")

        val visits = context.getBean(Visits::class.java)
        val visit = visits.save(Visit(page = "/home"))
        check(visit.id?.version() == 7, "Visit id is a UUID v7: ${visit.id}")
        check(visits.findById(visit.id!!).orElseThrow().page == "/home", "Visit read back")

        val uploads = context.getBean(Uploads::class.java)
        val upload = uploads.save(Upload(fileName = "invoice-1.pdf"))
        check(upload.id != null, "Upload got an ObjectId")
        check(uploads.findById(upload.id!!).orElseThrow().fileName == "invoice-1.pdf", "Upload read back")

        val cards = context.getBean(Cards::class.java)
        val holder = cards.save(Card("Ada"))
        check(holder.number.toString().length == 12, "Card number has 12 digits: ${holder.number}")
        check(cards.findById(holder.number!!).orElseThrow().holder == "Ada", "Card read back")

        println("Kotlin Spring example: Spring Data MongoDB Invoices ${first.number} and ${second.number}, " +
                "Customer ${ada.id}, Comment ${comment.id}, GiftCard ${card.number}; JPA Tickets ${ticket.number} " +
                "and ${nextTicket.number}, Visit ${visit.id}, Upload ${upload.id}, Card ${holder.number}: " +
                "saved and read back (Kotlin ${KotlinVersion.CURRENT})")
    }

    private fun check(condition: Boolean, what: String) {
        if (!condition) {
            throw IllegalStateException("failed: $what")
        }
    }
}
