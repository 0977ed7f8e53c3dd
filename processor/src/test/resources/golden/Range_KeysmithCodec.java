package test;

import dev.keysmith.runtime.codec.CodecSupport;
import dev.keysmith.runtime.codec.EncodeSupport;
import dev.keysmith.runtime.codec.GeneratedCodec;
import dev.keysmith.runtime.codec.KeysmithGenerated;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

@KeysmithGenerated
public final class Range_KeysmithCodec<T> extends GeneratedCodec<Range<T>> {
  private static final int CODEC_SLOTS = 0;

  private final Codec<T> codecOfT;

  /**
   * @param registry where the codecs of other types are found
   * @param codecOfT the codec of the type argument for {@code T}
   */
  public Range_KeysmithCodec(CodecRegistry registry, Codec<T> codecOfT) {
    super(Range.class, registry, CODEC_SLOTS);
    this.codecOfT = codecOfT;
  }

  @Override
  public void encode(BsonWriter writer, Range<T> value, EncoderContext encoderContext) {
    writer.writeStartDocument();
    EncodeSupport.write(writer, "max", codecOfT, value.max, encoderContext);
    EncodeSupport.write(writer, "min", codecOfT, value.min, encoderContext);
    if (value.steps != null) {
      writer.writeName("steps");
      writeSteps(writer, value.steps, encoderContext);
    }
    writer.writeEndDocument();
  }

  @Override
  public Range<T> decode(BsonReader reader, DecoderContext decoderContext) {
    Range<T> value = new Range<>();
    reader.readStartDocument();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      switch (reader.readName()) {
        case "max":
          value.max = CodecSupport.decode(codecOfT, reader, decoderContext, "Range", "max");
          break;
        case "min":
          value.min = CodecSupport.decode(codecOfT, reader, decoderContext, "Range", "min");
          break;
        case "steps":
          value.steps = readSteps(reader, decoderContext);
          break;
        default:
          reader.skipValue();
      }
    }
    reader.readEndDocument();
    return value;
  }

  private void writeSteps(BsonWriter writer, List<T> value, EncoderContext encoderContext) {
    writer.writeStartArray();
    for (T item0 : value) {
      if (item0 == null) {
        writer.writeNull();
      } else {
        encoderContext.encodeWithChildContext(codecOfT, writer, item0);
      }
    }
    writer.writeEndArray();
  }

  private List<T> readSteps(BsonReader reader, DecoderContext decoderContext) {
    if (!CodecSupport.startArray(reader, "Range", "steps")) {
      return null;
    }
    List<T> list0 = new ArrayList<>();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      list0.add(CodecSupport.decode(codecOfT, reader, decoderContext, "Range", "steps"));
    }
    reader.readEndArray();
    return list0;
  }
}
