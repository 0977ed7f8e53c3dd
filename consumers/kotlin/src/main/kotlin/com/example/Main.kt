package com.example

import com.mongodb.MongoClientSettings
import com.mongodb.client.MongoClients
import com.mongodb.client.MongoDatabase
import de.bwaldvogel.mongo.MongoServer
import de.bwaldvogel.mongo.backend.memory.MemoryBackend
import dev.keysmith.mongodb.Keysmith
import dev.keysmith.mongodb.Repository
import dev.keysmith.runtime.codec.EntityDecodingException
import java.math.BigDecimal
import java.net.InetSocketAddress
import java.time.Instant
import java.time.temporal.ChronoUnit
import java.util.UUID
import org.bson.BsonBinarySubType
import org.bson.BsonDocument
import org.bson.BsonValue
import org.bson.RawBsonDocument
import org.bson.UuidRepresentation
import org.bson.codecs.configuration.CodecRegistries
import org.bson.codecs.configuration.CodecRegistry
import org.bson.codecs.kotlin.DataClassCodecProvider
import org.bson.types.ObjectId

/**
 * Inserts a Kotlin entity of every strategy into an embedded MongoDB server, reads each back, and checks that
 * keysmith writes the data classes byte for byte as the driver's own Kotlin codec (`DataClassCodec`) does.
 */
object Main {

    @JvmStatic
    fun main(args: Array<String>) {
        val server = MongoServer(MemoryBackend())
        try {
            server.bind(InetSocketAddress("127.0.0.1", 0))
            MongoClients.create(server.connectionString).use { client -> run(client.getDatabase("example")) }
        } finally {
            server.shutdown()
        }
    }

    private fun run(database: MongoDatabase) {
        Keysmith.create(database).use { keysmith ->
            val invoices: Repository<Invoice, Long> = keysmith.repository(Invoice::class.java)
            val first = invoices.insert(Invoice(customer = "Ada", total = BigDecimal("12.50")))
            val second = invoices.insert(Invoice(customer = "Grace", total = BigDecimal("80.50")))
            check(first.number == 1L && second.number == 2L, "Invoices 1 and 2: ${first.number}, ${second.number}")
            check(invoices.findById(1L).orElseThrow() == first, "Invoice read back equal")
            check(storedId(database, "invoices").isInt64, "Invoice _id stored as an int64")
            println("Invoices ${first.number} and ${second.number} inserted")

            val people: Repository<Person, ObjectId> = keysmith.repository(Person::class.java)
            val ada = people.insert(Person(name = "Ada", age = 36))
            check(ada.id != null, "Person got an ObjectId")
            check(people.findById(ada.id!!).orElseThrow() == ada, "Person read back equal")
            check(storedId(database, "people").isObjectId, "Person _id stored as an ObjectId")

            val orders: Repository<Order, Long> = keysmith.repository(Order::class.java)
            val order = orders.insert(Order(customer = "Ada", total = BigDecimal("120.00"),
                    lines = listOf(Line("pen", 2), Line("ink", 1))))
            val nextOrder = orders.insert(Order(customer = "Ada", total = BigDecimal("80.50")))
            check(order.number != null && nextOrder.number == order.number!! + 1,
                    "Order numbers follow each other: ${order.number}, ${nextOrder.number}")
            check(orders.findById(order.number!!).orElseThrow() == order, "Order read back equal")

            val sessions: Repository<Session, UUID> = keysmith.repository(Session::class.java)
            val session = sessions.insert(Session(user = "ada", started = Instant.now().truncatedTo(ChronoUnit.MILLIS)))
            check(session.id?.version() == 7, "Session id is a UUID v7: ${session.id}")
            check(sessions.findById(session.id!!).orElseThrow() == session, "Session read back equal")
            check(isStandardUuid(storedId(database, "sessions")), "Session _id stored as binary subtype 4")

            val accounts: Repository<Account, Long> = keysmith.repository(Account::class.java)
            val account = accounts.insert(Account(email = "ada@example.com", tags = setOf("admin")))
            check(account.number.toString().length == 12, "Account number has 12 digits: ${account.number}")
            val accountBack = accounts.findById(account.number).orElseThrow()
            check(accountBack == account, "Account read back equal")

            val uploads: Repository<Upload, String> = keysmith.repository(Upload::class.java)
            val upload = uploads.insert(Upload().apply { fileName = "invoice-1.pdf"; size = 1024 })
            check(UUID.fromString(upload.id).version() == 4, "Upload id is a UUID v4: ${upload.id}")
            check(uploads.findById(upload.id!!).orElseThrow().fileName == "invoice-1.pdf", "Upload read back")
            check(isStandardUuid(storedId(database, "uploads")), "Upload _id stored as binary subtype 4")

            // A document without a value for a non-null property: keysmith's error names the entity and the property.
            database.getCollection("people", BsonDocument::class.java)
                    .insertOne(BsonDocument.parse("{_id: {\$oid: '65f0a0a0a0a0a0a0a0a0a0a0'}, age: 1}"))
            try {
                people.findById(ObjectId("65f0a0a0a0a0a0a0a0a0a0a0"))
                throw IllegalStateException("failed: a Person without a name was decoded")
            } catch (e: EntityDecodingException) {
                check(e.entity() == "Person" && e.field() == "name", "the error names Person.name: ${e.message}")
            }

            // The driver's Kotlin codec, with UUIDs as keysmith stores them (binary subtype 4).
            val driver = CodecRegistries.withUuidRepresentation(CodecRegistries.fromRegistries(
                    CodecRegistries.fromProviders(DataClassCodecProvider()),
                    MongoClientSettings.getDefaultCodecRegistry()), UuidRepresentation.STANDARD)
            val compared = listOf(ada, Person(name = "Grace", nickname = "Amazing Grace", age = 45), order, nextOrder,
                    session, account)
            for (entity in compared) {
                sameBytes(entity, keysmith.codecRegistry(), driver)
            }

            println("Kotlin example: Invoices ${first.number} and ${second.number}, Person ${ada.id}, " +
                    "Orders ${order.number} and ${nextOrder.number}, " +
                    "Session ${session.id}, Account ${account.number}, Upload ${upload.id}: stored and read back; " +
                    "${compared.size} documents byte for byte as the driver's DataClassCodec writes them " +
                    "(Kotlin ${KotlinVersion.CURRENT})")
        }
    }

    /** keysmith's codec and the driver's DataClassCodec write [entity] to the same bytes. */
    private fun <T : Any> sameBytes(entity: T, keysmith: CodecRegistry, driver: CodecRegistry) {
        val ours = RawBsonDocument(entity, keysmith.get(entity.javaClass))
        val theirs = RawBsonDocument(entity, driver.get(entity.javaClass))
        check(bytes(ours).contentEquals(bytes(theirs)),
                "${entity.javaClass.simpleName} the same bytes as DataClassCodec: keysmith ${ours.toJson()}, " +
                        "driver ${theirs.toJson()}")
    }

    private fun bytes(document: RawBsonDocument): ByteArray {
        val buffer = document.byteBuffer.asNIO()
        return ByteArray(buffer.remaining()).also { buffer.get(it) }
    }

    private fun storedId(database: MongoDatabase, collection: String): BsonValue =
        database.getCollection(collection, BsonDocument::class.java).find().first()!!["_id"]!!

    private fun isStandardUuid(id: BsonValue): Boolean =
        id.isBinary && id.asBinary().type == BsonBinarySubType.UUID_STANDARD.value

    private fun check(condition: Boolean, what: String) {
        if (!condition) {
            throw IllegalStateException("failed: $what")
        }
    }
}
