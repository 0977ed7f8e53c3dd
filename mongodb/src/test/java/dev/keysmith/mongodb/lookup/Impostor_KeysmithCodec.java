package dev.keysmith.mongodb.lookup;

import dev.keysmith.runtime.IdGenerators;
import org.bson.BsonReader;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

/** Written by hand: the generated name and constructor, but a codec of {@code String}, not of {@link Impostor}. */
public final class Impostor_KeysmithCodec implements Codec<String> {

    public Impostor_KeysmithCodec(CodecRegistry registry, IdGenerators ids) {
    }

    @Override
    public Class<String> getEncoderClass() {
        return String.class;
    }

    @Override
    public void encode(BsonWriter writer, String value, EncoderContext encoderContext) {
        writer.writeString(value);
    }

    @Override
    public String decode(BsonReader reader, DecoderContext decoderContext) {
        return reader.readString();
    }
}
