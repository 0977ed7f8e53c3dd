package test;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.codec.CodecSupport;
import dev.keysmith.runtime.codec.EncodeSupport;
import dev.keysmith.runtime.codec.GeneratedEntityCodec;
import dev.keysmith.runtime.codec.IdStrategy;
import dev.keysmith.runtime.codec.KeysmithGenerated;
import java.math.BigDecimal;
import java.time.Instant;
import org.bson.BsonInt64;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.BsonWriter;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

@KeysmithGenerated
public final class Invoice_KeysmithCodec extends GeneratedEntityCodec<Invoice> {
  private static final int INSERT_ATTEMPTS = 1;

  private static final int CODEC_SLOTS = 0;

  private final SequenceAllocator sequence;

  public Invoice_KeysmithCodec(CodecRegistry registry, IdGenerators ids) {
    super(Invoice.class, "invoice", IdStrategy.SEQUENCE, INSERT_ATTEMPTS, registry, ids, CODEC_SLOTS);
    this.sequence = ids.sequence(SequenceSpec.of("invoice").withBatch(100));
  }

  @Override
  public void encode(BsonWriter writer, Invoice value, EncoderContext encoderContext) {
    writer.writeStartDocument();
    writer.writeInt64("_id", value.number());
    EncodeSupport.writeDecimal(writer, "total", value.total());
    EncodeSupport.writeInstant(writer, "issued", value.issued());
    writer.writeEndDocument();
  }

  @Override
  public Invoice decode(BsonReader reader, DecoderContext decoderContext) {
    long number = 0;
    boolean hasNumber = false;
    BigDecimal total = null;
    Instant issued = null;
    reader.readStartDocument();
    try {
      while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
        switch (reader.readName()) {
          case "_id":
            number = CodecSupport.readLong(reader, "Invoice", "number");
            hasNumber = true;
            break;
          case "total":
            total = CodecSupport.readBigDecimal(reader, "Invoice", "total");
            break;
          case "issued":
            issued = CodecSupport.readInstant(reader, "Invoice", "issued");
            break;
          default:
            reader.skipValue();
        }
      }
    } catch (RuntimeException e) {
      throw CodecSupport.withDocumentId(e, number);
    }
    reader.readEndDocument();
    if (!hasNumber) {
      throw CodecSupport.missing("Invoice", "number", "_id");
    }
    return new Invoice(number, total, issued);
  }

  @Override
  public boolean documentHasId(Invoice document) {
    return document.number() != 0;
  }

  @Override
  public Object idOf(Invoice document) {
    return document.number();
  }

  @Override
  public SequenceAllocator sequence() {
    return sequence;
  }

  @Override
  public Invoice withNewId(Invoice entity) {
    return withSequenceId(entity, sequence.next());
  }

  @Override
  public Invoice withSequenceId(Invoice entity, long id) {
    return new Invoice(id, entity.total(), entity.issued());
  }

  @Override
  public void forgetAssignedId(Invoice entity) {
  }

  @Override
  public BsonValue idToBson(Object id) {
    if (id instanceof Long typed) {
      return new BsonInt64(typed);
    }
    throw CodecSupport.wrongIdType("Invoice", "a Long", id);
  }
}
