package dev.keysmith.benchmarks;

import static org.bson.codecs.configuration.CodecRegistries.fromProviders;
import static org.bson.codecs.configuration.CodecRegistries.fromRegistries;

import com.mongodb.MongoClientSettings;
import dev.keysmith.mongodb.GeneratedCodecProvider;
import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.IdGenerators;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.codecs.pojo.PojoCodecProvider;

/** The three codecs of {@link Order} the benchmarks compare, each obtained the way its users obtain it. */
final class Codecs {

    private Codecs() {
    }

    /** keysmith's generated codec, found through {@code ServiceLoader} as {@code Keysmith} finds it. */
    static Codec<Order> generated(CodecRegistry driverDefaults) {
        IdGenerators ids = IdGenerators.create(new NoSequences());
        return fromRegistries(fromProviders(GeneratedCodecProvider.load(ids)), driverDefaults).get(Order.class);
    }

    /** The driver's reflective codec, set up as its documentation shows. */
    static Codec<Order> pojo(CodecRegistry driverDefaults) {
        return fromRegistries(driverDefaults, fromProviders(PojoCodecProvider.builder().automatic(true).build()))
                .get(Order.class);
    }

    /** Order's ids are ObjectIds: no sequence, so no counter store is ever asked. */
    private static final class NoSequences implements CounterStore {
        @Override
        public long reserve(String counter, long count) {
            throw new IllegalStateException("the codec benchmarks reserve no sequence ids");
        }
    }

    static Codec<Order> handWritten() {
        return new OrderHandWrittenCodec();
    }

    static CodecRegistry driverDefaults() {
        return MongoClientSettings.getDefaultCodecRegistry();
    }
}
