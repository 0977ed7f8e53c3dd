package test;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.CodecSupport;
import dev.keysmith.runtime.codec.EncodeSupport;
import dev.keysmith.runtime.codec.GeneratedEntityCodec;
import dev.keysmith.runtime.codec.IdStrategy;
import dev.keysmith.runtime.codec.KeysmithGenerated;
import java.util.ArrayList;
import org.bson.BsonObjectId;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.BsonWriter;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

@KeysmithGenerated
public final class Person_KeysmithCodec extends GeneratedEntityCodec<Person> {
  private static final int INSERT_ATTEMPTS = 1;

  private static final int CODEC_SLOTS = 1;

  public Person_KeysmithCodec(CodecRegistry registry, IdGenerators ids) {
    super(Person.class, "people", IdStrategy.OBJECT_ID, INSERT_ATTEMPTS, registry, ids, CODEC_SLOTS);
  }

  @Override
  public void encode(BsonWriter writer, Person value, EncoderContext encoderContext) {
    writer.writeStartDocument();
    EncodeSupport.writeObjectIdHex(writer, "_id", value.id, "Person");
    writer.writeInt32("age", value.age);
    EncodeSupport.write(writer, "home", codec(0, Address.class), value.home, encoderContext);
    EncodeSupport.writeString(writer, "full_name", value.name);
    EncodeSupport.writeEnum(writer, "status", value.getStatus());
    EncodeSupport.writeStrings(writer, "tags", value.tags);
    writer.writeEndDocument();
  }

  @Override
  public Person decode(BsonReader reader, DecoderContext decoderContext) {
    Person value = new Person();
    reader.readStartDocument();
    try {
      while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
        switch (reader.readName()) {
          case "_id":
            value.id = CodecSupport.readObjectIdHex(reader, "Person", "id");
            break;
          case "age":
            value.age = CodecSupport.readInt(reader, "Person", "age");
            break;
          case "home":
            value.home = CodecSupport.decode(codec(0, Address.class), reader, decoderContext, "Person", "home");
            break;
          case "full_name":
            value.name = CodecSupport.readString(reader, "Person", "name");
            break;
          case "status":
            Person.Status status = CodecSupport.readEnum(reader, Person.Status.class, "Person", "status");
            value.setStatus(status);
            break;
          case "tags":
            value.tags = CodecSupport.readStrings(reader, new ArrayList<String>(), "Person", "tags");
            break;
          default:
            reader.skipValue();
        }
      }
    } catch (RuntimeException e) {
      throw CodecSupport.withDocumentId(e, value.id);
    }
    reader.readEndDocument();
    return value;
  }

  @Override
  public boolean documentHasId(Person document) {
    return document.id != null;
  }

  @Override
  public Object idOf(Person document) {
    return document.id;
  }

  @Override
  public Person withNewId(Person entity) {
    entity.id = ids.objectId().toHexString();
    return entity;
  }

  @Override
  public void forgetAssignedId(Person entity) {
    entity.id = null;
  }

  @Override
  public BsonValue idToBson(Object id) {
    if (id instanceof String typed) {
      return new BsonObjectId(EncodeSupport.parseObjectIdHex(typed, "Person"));
    }
    throw CodecSupport.wrongIdType("Person", "a String", id);
  }
}
