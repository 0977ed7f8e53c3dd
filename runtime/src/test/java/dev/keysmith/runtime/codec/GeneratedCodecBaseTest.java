package dev.keysmith.runtime.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDocumentWriter;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonReader;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.IntegerCodec;
import org.bson.codecs.StringCodec;
import org.bson.codecs.configuration.CodecConfigurationException;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** What generated codecs share through their base classes and {@link EncodeSupport}'s writes of properties. */
class GeneratedCodecBaseTest {

    /** A registry that counts its lookups. */
    private static final class CountingRegistry implements CodecRegistry {
        private final CodecRegistry registry = CodecRegistries.fromCodecs(new StringCodec(), new IntegerCodec());
        private final List<Class<?>> lookups = new ArrayList<>();

        @Override
        public <T> Codec<T> get(Class<T> type) {
            lookups.add(type);
            return registry.get(type);
        }

        @Override
        public <T> Codec<T> get(Class<T> type, CodecRegistry registry) {
            return get(type);
        }
    }

    /** The shape of a generated codec: two codecs of other classes in two slots. */
    private static final class TwoSlots extends GeneratedCodec<Object> {
        TwoSlots(CodecRegistry registry) {
            super(Object.class, registry, 2);
        }

        @Override
        public void encode(BsonWriter writer, Object value, EncoderContext encoderContext) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Object decode(BsonReader reader, DecoderContext decoderContext) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void looksEachCodecUpOnFirstUseAndKeepsItInItsSlot() {
        CountingRegistry registry = new CountingRegistry();
        TwoSlots codec = new TwoSlots(registry);
        assertThat(registry.lookups).isEmpty();
        Codec<String> strings = codec.codec(0, String.class);
        Codec<Integer> integers = codec.codec(1, Integer.class);
        assertThat(strings).isInstanceOf(StringCodec.class);
        assertThat(integers).isInstanceOf(IntegerCodec.class);
        assertThat(codec.codec(0, String.class)).isSameAs(strings);
        assertThat(codec.codec(1, Integer.class)).isSameAs(integers);
        assertThat(registry.lookups).containsExactly(String.class, Integer.class);
        assertThat(codec.getEncoderClass()).isEqualTo(Object.class);
    }

    @Test
    void aTypeTheRegistryLacksFailsOnFirstUseAndIsLookedUpAgainNextTime() {
        CountingRegistry registry = new CountingRegistry();
        TwoSlots codec = new TwoSlots(registry);
        assertThatThrownBy(() -> codec.codec(0, UUID.class)).isInstanceOf(CodecConfigurationException.class);
        assertThatThrownBy(() -> codec.codec(0, UUID.class)).isInstanceOf(CodecConfigurationException.class);
        assertThat(registry.lookups).containsExactly(UUID.class, UUID.class);
    }

    @Test
    void anEntityCodecAnswersItsFactsFromItsConstructor() {
        GeneratedEntityCodec<String> codec = new GeneratedEntityCodec<>(String.class, "notes", IdStrategy.RANDOM, 5,
                new CountingRegistry(), null, 0) {
            @Override
            public void encode(BsonWriter writer, String value, EncoderContext encoderContext) {
            }

            @Override
            public String decode(BsonReader reader, DecoderContext decoderContext) {
                return null;
            }

            @Override
            public boolean documentHasId(String document) {
                return true;
            }

            @Override
            public BsonValue idToBson(Object id) {
                return new BsonString(id.toString());
            }

            @Override
            public Object idOf(String entity) {
                return entity;
            }

            @Override
            public String withNewId(String entity) {
                return entity;
            }

            @Override
            public void forgetAssignedId(String entity) {
            }
        };
        assertThat(codec.collectionName()).isEqualTo("notes");
        assertThat(codec.idStrategy()).isEqualTo(IdStrategy.RANDOM);
        assertThat(codec.insertAttempts()).isEqualTo(5);
        assertThat(codec.getEncoderClass()).isEqualTo(String.class);
        assertThat(codec.getDocumentId("x")).isEqualTo(new BsonString("x"));
    }

    @Test
    void writesEachPropertyAsItsBsonTypeAndLeavesNullsOut() {
        ObjectId objectId = new ObjectId();
        UUID uuid = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        Instant instant = Instant.ofEpochMilli(1_700_000_000_123L);
        BsonDocument document = write(writer -> {
            EncodeSupport.writeString(writer, "string", "s");
            EncodeSupport.writeObjectIdHex(writer, "_id", objectId.toHexString(), "Note");
            EncodeSupport.writeUuidString(writer, "uuidString", uuid.toString(), "Note");
            EncodeSupport.writeEnum(writer, "enum", IdStrategy.SEQUENCE);
            EncodeSupport.writeInstant(writer, "instant", instant);
            EncodeSupport.writeDate(writer, "date", new java.util.Date(instant.toEpochMilli()));
            EncodeSupport.writeLocalDate(writer, "localDate", LocalDate.of(2026, 11, 26));
            EncodeSupport.writeDecimal(writer, "decimal", new BigDecimal("12.50"));
            EncodeSupport.writeUuid(writer, "uuid", uuid);
            EncodeSupport.writeObjectId(writer, "objectId", objectId);
            EncodeSupport.writeBytes(writer, "bytes", new byte[] {1, 2});
            EncodeSupport.writeInt32(writer, "int", 7);
            EncodeSupport.writeInt64(writer, "long", 8L);
            EncodeSupport.writeDouble(writer, "double", 0.5);
            EncodeSupport.writeBoolean(writer, "boolean", true);
            EncodeSupport.writeStrings(writer, "tags", Arrays.asList("a", "b"));
            EncodeSupport.write(writer, "coded", new IntegerCodec(), 9, EncoderContext.builder().build());
        });
        assertThat(document.keySet()).containsExactly("string", "_id", "uuidString", "enum", "instant", "date",
                "localDate", "decimal", "uuid", "objectId", "bytes", "int", "long", "double", "boolean", "tags",
                "coded");
        assertThat(document.get("_id")).isEqualTo(new BsonObjectId(objectId));
        assertThat(document.get("uuidString")).isEqualTo(document.get("uuid"));
        assertThat(document.getBinary("uuid").getType()).isEqualTo((byte) 4);
        assertThat(document.get("enum")).isEqualTo(new BsonString("SEQUENCE"));
        assertThat(document.get("instant")).isEqualTo(new BsonDateTime(instant.toEpochMilli()));
        assertThat(document.get("date")).isEqualTo(new BsonDateTime(instant.toEpochMilli()));
        assertThat(document.get("localDate")).isEqualTo(new BsonDateTime(1_795_651_200_000L)); // 2026-11-26T00:00Z
        assertThat(document.get("decimal")).isEqualTo(new BsonDecimal128(new Decimal128(new BigDecimal("12.50"))));
        assertThat(document.get("bytes")).isEqualTo(new BsonBinary(new byte[] {1, 2}));
        assertThat(document.getInt64("long").getValue()).isEqualTo(8L);
        assertThat(document.get("coded")).isEqualTo(new BsonInt32(9));

        BsonDocument nulls = write(writer -> {
            EncodeSupport.writeString(writer, "string", null);
            EncodeSupport.writeObjectIdHex(writer, "_id", null, "Note");
            EncodeSupport.writeUuidString(writer, "uuidString", null, "Note");
            EncodeSupport.writeEnum(writer, "enum", null);
            EncodeSupport.writeInstant(writer, "instant", null);
            EncodeSupport.writeDecimal(writer, "decimal", null);
            EncodeSupport.writeInt32(writer, "int", null);
            EncodeSupport.writeBoolean(writer, "boolean", null);
            EncodeSupport.writeStrings(writer, "tags", null);
            EncodeSupport.write(writer, "coded", new IntegerCodec(), null, EncoderContext.builder().build());
        });
        assertThat(nulls).isEmpty();
    }

    @Test
    void aMalformedStringIdIsRefusedNamingTheEntity() {
        assertThatThrownBy(() -> write(writer -> EncodeSupport.writeObjectIdHex(writer, "_id", "nope", "Note")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("The id of Note must be 24 hex digits");
        assertThatThrownBy(() -> write(writer -> EncodeSupport.writeUuidString(writer, "_id", "nope", "Note")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("The id of Note must be a UUID");
    }

    private static BsonDocument write(java.util.function.Consumer<BsonWriter> fields) {
        BsonDocument document = new BsonDocument();
        BsonDocumentWriter writer = new BsonDocumentWriter(document);
        writer.writeStartDocument();
        fields.accept(writer);
        writer.writeEndDocument();
        return document;
    }
}
