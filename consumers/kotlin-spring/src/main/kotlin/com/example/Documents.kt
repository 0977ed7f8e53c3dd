package com.example

import dev.keysmith.annotations.GeneratedObjectId
import dev.keysmith.annotations.RandomId
import dev.keysmith.annotations.Sequence
import dev.keysmith.annotations.UuidId
import java.math.BigDecimal
import java.util.UUID
import org.springframework.data.annotation.Id
import org.springframework.data.mongodb.core.mapping.Document
import org.springframework.data.mongodb.repository.MongoRepository

// Spring Data MongoDB entities: keysmith's annotation next to Spring's @Id, on immutable data classes (Spring
// Data returns a copy with the id from save).

@Document("invoices")
data class Invoice(@Id @Sequence(batch = 100) val number: Long? = null, val customer: String, val total: BigDecimal)

@Document("customers")
data class Customer(@Id @UuidId(version = UuidId.Version.TIME_ORDERED) val id: UUID? = null, val name: String)

@Document("comments")
data class Comment(@Id @GeneratedObjectId val id: String? = null, val text: String)

@Document("giftCards")
data class GiftCard(@Id @RandomId(digits = 16) val number: Long? = null, val cents: Long)

interface Invoices : MongoRepository<Invoice, Long>

interface Customers : MongoRepository<Customer, UUID>

interface Comments : MongoRepository<Comment, String>

interface GiftCards : MongoRepository<GiftCard, Long>
