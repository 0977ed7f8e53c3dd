package dev.keysmith.mongodb.lookup;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.GeneratedCodecFactory;
import org.bson.BsonReader;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

/** Written by hand: a factory known only through a {@code ServiceLoader} registration the test writes. */
public final class RegisteredFactory implements GeneratedCodecFactory {

    @Override
    public Class<Registered> type() {
        return Registered.class;
    }

    @Override
    public Codec<Registered> create(CodecRegistry registry, IdGenerators ids) {
        return new RegisteredCodec();
    }

    /** Writes an empty document. */
    public static final class RegisteredCodec implements Codec<Registered> {

        @Override
        public Class<Registered> getEncoderClass() {
            return Registered.class;
        }

        @Override
        public void encode(BsonWriter writer, Registered value, EncoderContext encoderContext) {
            writer.writeStartDocument();
            writer.writeEndDocument();
        }

        @Override
        public Registered decode(BsonReader reader, DecoderContext decoderContext) {
            reader.readStartDocument();
            reader.readEndDocument();
            return new Registered();
        }
    }
}
