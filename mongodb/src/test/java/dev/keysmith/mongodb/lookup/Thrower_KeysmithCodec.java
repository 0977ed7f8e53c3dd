package dev.keysmith.mongodb.lookup;

import dev.keysmith.runtime.IdGenerators;
import org.bson.BsonReader;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

/** Written by hand: a codec of {@link Thrower} whose constructor fails, as one whose registry lacks a codec would. */
public final class Thrower_KeysmithCodec implements Codec<Thrower> {

    public Thrower_KeysmithCodec(CodecRegistry registry, IdGenerators ids) {
        throw new IllegalStateException("Thrower's codec refuses this registry");
    }

    @Override
    public Class<Thrower> getEncoderClass() {
        return Thrower.class;
    }

    @Override
    public void encode(BsonWriter writer, Thrower value, EncoderContext encoderContext) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Thrower decode(BsonReader reader, DecoderContext decoderContext) {
        throw new UnsupportedOperationException();
    }
}
