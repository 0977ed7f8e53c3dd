package dev.keysmith.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.MongoClientSettings;
import dev.keysmith.mongodb.model.Customer;
import dev.keysmith.mongodb.model.Status;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.EntityCodec;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonBinaryWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.codecs.pojo.PojoCodecProvider;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** For a class the driver's PojoCodecProvider handles too, the generated codec writes the same bytes. */
class PojoParityTest {

    private final IdGenerators ids = IdGenerators.create((counter, count) -> {
        throw new AssertionError("no id is generated in this test");
    });

    @AfterEach
    void close() {
        ids.close();
    }

    @Test
    void sameBytesAsPojoCodecProvider() {
        CodecRegistry pojo = CodecRegistries.fromRegistries(MongoClientSettings.getDefaultCodecRegistry(),
                CodecRegistries.fromProviders(PojoCodecProvider.builder().register(Customer.class).build()));
        CodecRegistry generated = CodecRegistries.fromProviders(GeneratedCodecProvider.load(ids),
                MongoClientSettings.getDefaultCodecRegistry());
        assertThat(generated.get(Customer.class)).isInstanceOf(EntityCodec.class);

        Customer customer = new Customer();
        customer.setId(42L);
        customer.setName("Ada");
        customer.setVisits(7);
        customer.setVip(true);
        customer.setStatus(Status.ACTIVE);
        customer.setSince(Instant.parse("2026-11-21T10:15:30.123Z"));
        customer.setCredit(new BigDecimal("12.50"));
        customer.setEmails(List.of("ada@example.com", "countess@example.com"));
        Map<String, Integer> points = new LinkedHashMap<>();
        points.put("2025", 10);
        points.put("2026", 20);
        customer.setPoints(points);

        assertThat(encode(generated.get(Customer.class), customer))
                .isEqualTo(encode(pojo.get(Customer.class), customer));

        Customer sparse = new Customer();
        sparse.setId(1L);
        assertThat(encode(generated.get(Customer.class), sparse)).isEqualTo(encode(pojo.get(Customer.class), sparse));
    }

    private static <T> byte[] encode(Codec<T> codec, T value) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            codec.encode(writer, value, EncoderContext.builder().isEncodingCollectibleDocument(true).build());
        }
        return buffer.toByteArray();
    }
}
