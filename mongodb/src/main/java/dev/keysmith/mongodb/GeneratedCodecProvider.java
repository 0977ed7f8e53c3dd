package dev.keysmith.mongodb;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.GeneratedCodecFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecProvider;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * The codecs the keysmith processor generated, found through {@link ServiceLoader}: every
 * {@code META-INF/services/dev.keysmith.runtime.codec.GeneratedCodecFactory} on the class path. Entity codecs
 * take their ids from the given {@link IdGenerators}.
 *
 * <p>Use it to build your own registry; {@link Keysmith#codecRegistry()} is one built for you:
 * <pre>{@code
 * CodecRegistry registry = CodecRegistries.fromProviders(
 *         GeneratedCodecProvider.load(ids), MongoClientSettings.getDefaultCodecRegistry());
 * }</pre>
 *
 * <p>Immutable (thread-safe).
 */
public final class GeneratedCodecProvider implements CodecProvider {

    private final Map<Class<?>, GeneratedCodecFactory> factories;
    private final IdGenerators ids;

    private GeneratedCodecProvider(Map<Class<?>, GeneratedCodecFactory> factories, IdGenerators ids) {
        this.factories = Map.copyOf(factories);
        this.ids = ids;
    }

    /** The generated codecs visible to the thread's context class loader (else this class's loader). */
    public static GeneratedCodecProvider load(IdGenerators ids) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return load(ids, loader != null ? loader : GeneratedCodecProvider.class.getClassLoader());
    }

    /** The generated codecs visible to {@code loader}. */
    public static GeneratedCodecProvider load(IdGenerators ids, ClassLoader loader) {
        Map<Class<?>, GeneratedCodecFactory> factories = new HashMap<>();
        for (GeneratedCodecFactory factory : ServiceLoader.load(GeneratedCodecFactory.class, loader)) {
            factories.putIfAbsent(factory.type(), factory);
        }
        return new GeneratedCodecProvider(factories, ids);
    }

    /** Whether a codec was generated for {@code type}. */
    public boolean handles(Class<?> type) {
        return factories.containsKey(type);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Codec<T> get(Class<T> type, CodecRegistry registry) {
        GeneratedCodecFactory factory = factories.get(type);
        return factory == null ? null : (Codec<T>) factory.create(registry, ids);
    }

    @Override
    public String toString() {
        return "GeneratedCodecProvider" + factories.keySet().stream().map(Class::getName).sorted().toList();
    }
}
