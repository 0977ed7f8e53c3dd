package test;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.CodecSupport;
import dev.keysmith.runtime.codec.EncodeSupport;
import dev.keysmith.runtime.codec.GeneratedCodec;
import dev.keysmith.runtime.codec.KeysmithGenerated;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

@KeysmithGenerated
public final class Address_KeysmithCodec extends GeneratedCodec<Address> {
  private static final int CODEC_SLOTS = 0;

  public Address_KeysmithCodec(CodecRegistry registry, IdGenerators ids) {
    super(Address.class, registry, CODEC_SLOTS);
  }

  @Override
  public void encode(BsonWriter writer, Address value, EncoderContext encoderContext) {
    writer.writeStartDocument();
    EncodeSupport.writeString(writer, "city", value.city);
    if (value.codes != null) {
      writer.writeName("codes");
      writeCodes(writer, value.codes, encoderContext);
    }
    EncodeSupport.writeString(writer, "street", value.street);
    writer.writeEndDocument();
  }

  @Override
  public Address decode(BsonReader reader, DecoderContext decoderContext) {
    Address value = new Address();
    reader.readStartDocument();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      switch (reader.readName()) {
        case "city":
          value.city = CodecSupport.readString(reader, "Address", "city");
          break;
        case "codes":
          value.codes = readCodes(reader, decoderContext);
          break;
        case "street":
          value.street = CodecSupport.readString(reader, "Address", "street");
          break;
        default:
          reader.skipValue();
      }
    }
    reader.readEndDocument();
    return value;
  }

  private void writeCodes(BsonWriter writer, Map<String, Integer> value,
      EncoderContext encoderContext) {
    writer.writeStartDocument();
    for (Map.Entry<String, Integer> entry0 : value.entrySet()) {
      writer.writeName(entry0.getKey());
      Integer item0 = entry0.getValue();
      if (item0 == null) {
        writer.writeNull();
      } else {
        writer.writeInt32(item0);
      }
    }
    writer.writeEndDocument();
  }

  private Map<String, Integer> readCodes(BsonReader reader, DecoderContext decoderContext) {
    if (!CodecSupport.startDocument(reader, "Address", "codes")) {
      return null;
    }
    Map<String, Integer> map0 = new LinkedHashMap<>();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      String key0 = reader.readName();
      map0.put(key0, CodecSupport.readIntOrNull(reader, "Address", "codes"));
    }
    reader.readEndDocument();
    return map0;
  }
}
