package test;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.CodecSupport;
import dev.keysmith.runtime.codec.EncodeSupport;
import dev.keysmith.runtime.codec.EntityCodec;
import dev.keysmith.runtime.codec.IdStrategy;
import dev.keysmith.runtime.codec.KeysmithGenerated;
import java.util.ArrayList;
import org.bson.BsonObjectId;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

@KeysmithGenerated
public final class Person_KeysmithCodec implements EntityCodec<Person> {
  private final CodecRegistry registry;

  private final IdGenerators ids;

  private Codec<Address> addressCodec;

  public Person_KeysmithCodec(CodecRegistry registry, IdGenerators ids) {
    this.registry = registry;
    this.ids = ids;
  }

  @Override
  public Class<Person> getEncoderClass() {
    return Person.class;
  }

  @Override
  public String collectionName() {
    return "people";
  }

  @Override
  public IdStrategy idStrategy() {
    return IdStrategy.OBJECT_ID;
  }

  @Override
  public int insertAttempts() {
    return 1;
  }

  @Override
  public void encode(BsonWriter writer, Person value, EncoderContext encoderContext) {
    writer.writeStartDocument();
    if (value.id != null) {
      writer.writeObjectId("_id", EncodeSupport.parseObjectIdHex(value.id, "Person"));
    }
    writer.writeInt32("age", value.age);
    if (value.home != null) {
      writer.writeName("home");
      encoderContext.encodeWithChildContext(addressCodec(), writer, value.home);
    }
    if (value.name != null) {
      writer.writeString("full_name", value.name);
    }
    if (value.getStatus() != null) {
      writer.writeString("status", value.getStatus().name());
    }
    if (value.tags != null) {
      writer.writeName("tags");
      EncodeSupport.writeStrings(writer, value.tags);
    }
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
            value.home = CodecSupport.decode(addressCodec(), reader, decoderContext, "Person", "home");
            break;
          case "full_name":
            value.name = CodecSupport.readString(reader, "Person", "name");
            break;
          case "status":
            value.setStatus(CodecSupport.readEnum(reader, Person.Status.class, "Person", "status"));
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

  private Codec<Address> addressCodec() {
    Codec<Address> codec = addressCodec;
    if (codec == null) {
      codec = registry.get(Address.class);
      addressCodec = codec;
    }
    return codec;
  }
}
