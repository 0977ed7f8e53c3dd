package dev.keysmith.benchmarks;

import java.math.BigDecimal;
import java.time.Instant;
import org.bson.BsonReader;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Not a codec anyone would use: the floor of (c) encode. It makes the {@link BsonWriter} calls that every codec of
 * {@link Order} makes, in the same order, with the values of {@link Order#sample()} computed once in advance: no
 * getter, no null check, no conversion. What it costs is what the writer costs, so no codec that writes through
 * {@code BsonWriter} encodes faster; {@code CodecBenchmark} checks that it writes the same bytes as the others.
 *
 * <p>Thread-safe (stateless).
 */
final class OrderWriterFloorCodec implements Codec<Order> {

    private static final Order SAMPLE = Order.sample();
    private static final ObjectId ID = SAMPLE.getId();
    private static final long CREATED = SAMPLE.getCreated().toEpochMilli();
    private static final String CUSTOMER = SAMPLE.getCustomer();
    private static final boolean GIFT = SAMPLE.isGift();
    private static final Decimal128 PRICE = new Decimal128(SAMPLE.getPrice());
    private static final int QUANTITY = SAMPLE.getQuantity();
    private static final String STATUS = SAMPLE.getStatus().name();
    private static final String[] TAGS = SAMPLE.getTags().toArray(new String[0]);
    private static final long TOTAL_CENTS = SAMPLE.getTotalCents();
    private static final double WEIGHT = SAMPLE.getWeight();

    @Override
    public void encode(BsonWriter writer, Order ignored, EncoderContext context) {
        writer.writeStartDocument();
        writer.writeObjectId("_id", ID);
        writer.writeDateTime("created", CREATED);
        writer.writeString("customer", CUSTOMER);
        writer.writeBoolean("gift", GIFT);
        writer.writeDecimal128("price", PRICE);
        writer.writeInt32("quantity", QUANTITY);
        writer.writeString("status", STATUS);
        writer.writeStartArray("tags");
        for (String tag : TAGS) {
            writer.writeString(tag);
        }
        writer.writeEndArray();
        writer.writeInt64("totalCents", TOTAL_CENTS);
        writer.writeDouble("weight", WEIGHT);
        writer.writeEndDocument();
    }

    @Override
    public Order decode(BsonReader reader, DecoderContext context) {
        throw new UnsupportedOperationException("the writer floor only encodes");
    }

    @Override
    public Class<Order> getEncoderClass() {
        return Order.class;
    }
}
