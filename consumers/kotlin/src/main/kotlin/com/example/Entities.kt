package com.example

import dev.keysmith.annotations.Document
import dev.keysmith.annotations.GeneratedObjectId
import dev.keysmith.annotations.RandomId
import dev.keysmith.annotations.Sequence
import dev.keysmith.annotations.UuidId
import java.math.BigDecimal
import java.time.Instant
import java.util.UUID
import org.bson.codecs.pojo.annotations.BsonId
import org.bson.types.ObjectId

/**
 * docs/kotlin.md's quick start: keysmith takes `_id` from the id annotation, with no use-site target (on Kotlin 2.2
 * the constructor parameter only, which keysmith's processor reads too).
 */
@Document(collection = "invoices")
data class Invoice(@Sequence(batch = 100) val number: Long? = null, val customer: String, val total: BigDecimal)

// Then one entity per strategy, each with its annotation in another place Kotlin can put it. `@BsonId` is only
// there because the driver's DataClassCodec, which Main compares keysmith with, takes the `_id` from it; keysmith
// does not need it.

/** No use-site target: the constructor parameter, and (Kotlin 2.4, or 2.2 with the new rule) the field too. */
@Document(collection = "people")
data class Person(
    @BsonId @GeneratedObjectId val id: ObjectId? = null,
    val name: String,
    val nickname: String? = null,
    val age: Int,
)

/** `@field:`: the backing field. */
@Document(collection = "orders")
data class Order(
    @BsonId @field:Sequence(name = "orders", batch = 100) val number: Long? = null,
    val customer: String,
    val total: BigDecimal,
    val lines: List<Line> = emptyList(),
)

/** A nested data class: a sub-document. */
data class Line(val item: String, val quantity: Int)

/** `@get:`: the getter. */
@Document(collection = "sessions")
data class Session(
    @BsonId @get:UuidId(version = UuidId.Version.TIME_ORDERED) val id: UUID? = null,
    val user: String,
    val started: Instant,
)

/** `@param:`: the constructor parameter alone. A non-null `Long` is a primitive `long`: 0 means "no id yet". */
@Document(collection = "accounts")
data class Account(
    @BsonId @param:RandomId(digits = 12) val number: Long = 0,
    val email: String,
    val tags: Set<String> = emptySet(),
)

/** A plain class of body properties, not a data class (stored as the driver's PojoCodec stores it); `@set:`. */
@Document(collection = "uploads")
class Upload {
    @set:UuidId
    var id: String? = null
    var fileName: String = ""
    var size: Long = 0
}
