package dev.keysmith.mongodb.parity;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import dev.keysmith.mongodb.GeneratedCodecProvider;
import dev.keysmith.mongodb.Keysmith;
import dev.keysmith.runtime.IdGenerators;
import java.nio.ByteBuffer;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.UuidRepresentation;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.codecs.pojo.PojoCodecProvider;
import org.bson.io.BasicOutputBuffer;

/**
 * Checks one value of an entity type against the driver's {@code PojoCodecProvider.builder().automatic(true)}
 * with default conventions and {@code UuidRepresentation.STANDARD}: the same bytes, each codec decodes the
 * other's document to an equal object, and insert then find on the server gives an equal object back.
 *
 * <p>Not thread-safe: confine to one thread.
 */
final class ParityCheck {

    static final CodecRegistry POJO = CodecRegistries.withUuidRepresentation(CodecRegistries.fromRegistries(
            MongoClientSettings.getDefaultCodecRegistry(),
            CodecRegistries.fromProviders(PojoCodecProvider.builder().automatic(true).build())),
            UuidRepresentation.STANDARD);

    private final CodecRegistry generated;
    private final Keysmith keysmith;

    ParityCheck(IdGenerators ids, MongoDatabase database) {
        this.generated = CodecRegistries.withUuidRepresentation(CodecRegistries.fromRegistries(
                CodecRegistries.fromProviders(GeneratedCodecProvider.load(ids)),
                MongoClientSettings.getDefaultCodecRegistry()), UuidRepresentation.STANDARD);
        this.keysmith = Keysmith.create(database);
    }

    void close() {
        keysmith.close();
    }

    /** keysmith on the test's database, for the collections and repositories of a test. */
    Keysmith keysmith() {
        return keysmith;
    }

    /** Every check, for a value whose id is set. */
    <T> void assertSame(Class<T> type, T value) {
        assertSame(type, value, value);
    }

    /**
     * Every check, for a value of a class with properties that are written and not read (or read and not
     * written): both write the same bytes, each reads the other's document to {@code expected} (the value as
     * reading it gives it back), and insert then find gives {@code expected}.
     */
    <T> void assertSame(Class<T> type, T value, T expected) {
        Codec<T> ours = generated.get(type);
        assertThat(ours.getClass().getSimpleName()).as("the codec of %s", type).endsWith("_KeysmithCodec");
        Codec<T> pojo = POJO.get(type);
        byte[] oursBytes = encode(ours, value);
        byte[] pojoBytes = encode(pojo, value);
        assertThat(json(oursBytes)).as("the document of %s", type.getSimpleName()).isEqualTo(json(pojoBytes));
        assertThat(oursBytes).as("the bytes of %s", type.getSimpleName()).isEqualTo(pojoBytes);
        assertReadsBack(type, expected, ours, pojoBytes, "keysmith reading PojoCodec's document");
        assertReadsBack(type, expected, pojo, oursBytes, "PojoCodec reading keysmith's document");
        assertStored(type, value, expected);
    }

    /** The decoding and storage checks only, for a value where the bytes differ as documented. */
    <T> void assertStored(Class<T> type, T value) {
        assertStored(type, value, value);
    }

    /** Insert then find gives {@code expected}; the stored document always has an {@code _id}. */
    <T> void assertStored(Class<T> type, T value, T expected) {
        MongoCollection<T> collection = keysmith.collection(type);
        collection.deleteMany(new BsonDocument());
        collection.insertOne(value);
        BsonDocument stored = collection.withDocumentClass(BsonDocument.class).find().first();
        assertThat(stored).as("the stored %s", type.getSimpleName()).containsKey("_id");
        T found = collection.find(Filters.eq("_id", stored.get("_id"))).first();
        assertThat(found).as("%s after insert and find", type.getSimpleName())
                .usingRecursiveComparison().isEqualTo(expected);
    }

    <T> T decodeWithKeysmith(Class<T> type, byte[] bytes) {
        return decode(generated.get(type), bytes);
    }

    <T> T decodeWithPojo(Class<T> type, byte[] bytes) {
        return decode(POJO.get(type), bytes);
    }

    <T> byte[] encodeWithKeysmith(Class<T> type, T value) {
        return encode(generated.get(type), value);
    }

    <T> byte[] encodeWithPojo(Class<T> type, T value) {
        return encode(POJO.get(type), value);
    }

    private static <T> void assertReadsBack(Class<T> type, T value, Codec<T> codec, byte[] bytes, String what) {
        T decoded = decode(codec, bytes);
        assertThat(decoded).as("%s: %s", what, type.getSimpleName()).usingRecursiveComparison().isEqualTo(value);
    }

    static <T> byte[] encode(Codec<T> codec, T value) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            codec.encode(writer, value, EncoderContext.builder().isEncodingCollectibleDocument(true).build());
        }
        return buffer.toByteArray();
    }

    static <T> T decode(Codec<T> codec, byte[] bytes) {
        try (BsonBinaryReader reader = new BsonBinaryReader(ByteBuffer.wrap(bytes))) {
            return codec.decode(reader, DecoderContext.builder().build());
        }
    }

    static String json(byte[] bytes) {
        return new RawBsonDocument(bytes).toJson();
    }
}
