package dev.keysmith.benchmarks;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.types.Decimal128;

/**
 * The anchor of the codec benchmarks: the codec a careful person writes by hand for {@link Order}, straight
 * {@link BsonWriter}/{@link BsonReader} calls, fields read in any order, unknown fields skipped. It writes the
 * same bytes as {@code PojoCodecProvider} and keysmith's generated codec do for {@link Order}: {@code _id}
 * first, then the properties in name order, nulls left out.
 *
 * <p>Thread-safe (stateless).
 */
public final class OrderHandWrittenCodec implements Codec<Order> {

    @Override
    public void encode(BsonWriter writer, Order order, EncoderContext context) {
        writer.writeStartDocument();
        if (order.getId() != null) {
            writer.writeObjectId("_id", order.getId());
        }
        if (order.getCreated() != null) {
            writer.writeDateTime("created", order.getCreated().toEpochMilli());
        }
        if (order.getCustomer() != null) {
            writer.writeString("customer", order.getCustomer());
        }
        writer.writeBoolean("gift", order.isGift());
        if (order.getPrice() != null) {
            writer.writeDecimal128("price", new Decimal128(order.getPrice()));
        }
        writer.writeInt32("quantity", order.getQuantity());
        if (order.getStatus() != null) {
            writer.writeString("status", order.getStatus().name());
        }
        if (order.getTags() != null) {
            writer.writeStartArray("tags");
            for (String tag : order.getTags()) {
                if (tag == null) {
                    writer.writeNull();
                } else {
                    writer.writeString(tag);
                }
            }
            writer.writeEndArray();
        }
        writer.writeInt64("totalCents", order.getTotalCents());
        writer.writeDouble("weight", order.getWeight());
        writer.writeEndDocument();
    }

    @Override
    public Order decode(BsonReader reader, DecoderContext context) {
        Order order = new Order();
        reader.readStartDocument();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String name = reader.readName();
            if (reader.getCurrentBsonType() == BsonType.NULL) {
                reader.readNull();
                continue;
            }
            switch (name) {
                case "_id" -> order.setId(reader.readObjectId());
                case "created" -> order.setCreated(Instant.ofEpochMilli(reader.readDateTime()));
                case "customer" -> order.setCustomer(reader.readString());
                case "gift" -> order.setGift(reader.readBoolean());
                case "price" -> order.setPrice(reader.readDecimal128().bigDecimalValue());
                case "quantity" -> order.setQuantity(reader.readInt32());
                case "status" -> order.setStatus(Order.Status.valueOf(reader.readString()));
                case "tags" -> {
                    List<String> tags = new ArrayList<>();
                    reader.readStartArray();
                    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
                        if (reader.getCurrentBsonType() == BsonType.NULL) {
                            reader.readNull();
                            tags.add(null);
                        } else {
                            tags.add(reader.readString());
                        }
                    }
                    reader.readEndArray();
                    order.setTags(tags);
                }
                case "totalCents" -> order.setTotalCents(reader.readInt64());
                case "weight" -> order.setWeight(reader.readDouble());
                default -> reader.skipValue();
            }
        }
        reader.readEndDocument();
        return order;
    }

    @Override
    public Class<Order> getEncoderClass() {
        return Order.class;
    }
}
