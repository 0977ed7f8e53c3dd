package dev.keysmith.mongodb;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.GeneratedCodecFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecProvider;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * The codecs the keysmith processor generated. Every generated codec is registered for {@link ServiceLoader}
 * in {@code META-INF/services/dev.keysmith.runtime.codec.GeneratedCodecFactory}; to keep start-up cheap, the
 * provider first looks for a type's factory by the name the processor gives it, next to the type
 * ({@code Person_KeysmithCodec$Factory} for {@code Person}), and reads the {@code ServiceLoader} registrations
 * only for a type it does not find that way. Nothing is loaded until a type is asked for. Entity codecs take
 * their ids from the given {@link IdGenerators}.
 *
 * <p>Use it to build your own registry; {@link Keysmith#codecRegistry()} is one built for you:
 * <pre>{@code
 * CodecRegistry registry = CodecRegistries.fromRegistries(
 *         CodecRegistries.fromProviders(GeneratedCodecProvider.load(ids)),
 *         MongoClientSettings.getDefaultCodecRegistry());
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class GeneratedCodecProvider implements CodecProvider {

    private static final String FACTORY_SUFFIX = "_KeysmithCodec$Factory";

    private final ClassLoader loader;
    private final IdGenerators ids;
    private final Map<Class<?>, Optional<GeneratedCodecFactory>> factories = new ConcurrentHashMap<>();
    private volatile Map<Class<?>, GeneratedCodecFactory> registered;

    private GeneratedCodecProvider(ClassLoader loader, IdGenerators ids) {
        this.loader = loader;
        this.ids = ids;
    }

    /** The generated codecs visible to the thread's context class loader (else this class's loader). */
    public static GeneratedCodecProvider load(IdGenerators ids) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return load(ids, loader != null ? loader : GeneratedCodecProvider.class.getClassLoader());
    }

    /** The generated codecs visible to {@code loader} (and to the class loader of each type asked for). */
    public static GeneratedCodecProvider load(IdGenerators ids, ClassLoader loader) {
        return new GeneratedCodecProvider(loader, ids);
    }

    /** Whether a codec was generated for {@code type}. */
    public boolean handles(Class<?> type) {
        return factory(type).isPresent();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Codec<T> get(Class<T> type, CodecRegistry registry) {
        Optional<GeneratedCodecFactory> factory = factory(type);
        return factory.isPresent() ? (Codec<T>) factory.get().create(registry, ids) : null;
    }

    // Plain code, no lambdas: this runs when the first entity is encoded, often before anything else in the
    // JVM has paid for bootstrapping lambdas (milliseconds).
    private Optional<GeneratedCodecFactory> factory(Class<?> type) {
        Optional<GeneratedCodecFactory> known = factories.get(type);
        if (known == null) {
            known = find(type);
            Optional<GeneratedCodecFactory> raced = factories.putIfAbsent(type, known);
            if (raced != null) {
                known = raced;
            }
        }
        return known;
    }

    private Optional<GeneratedCodecFactory> find(Class<?> type) {
        ClassLoader typeLoader = type.getClassLoader();
        if (typeLoader == null || type.isArray() || type.isPrimitive()) {
            return Optional.empty(); // JDK types: never generated
        }
        GeneratedCodecFactory byName = byName(type, typeLoader);
        return Optional.ofNullable(byName != null ? byName : registered().get(type));
    }

    /** The factory the processor names after the type ({@code Outer_Inner_KeysmithCodec$Factory}), if any. */
    private static GeneratedCodecFactory byName(Class<?> type, ClassLoader typeLoader) {
        // String.concat rather than +: the first indy string concatenation in a JVM costs milliseconds.
        String packagePrefix = type.getPackageName().isEmpty() ? "" : type.getPackageName().concat(".");
        String simpleNames = type.getName().substring(packagePrefix.length()).replace('$', '_');
        String factoryName = packagePrefix.concat(simpleNames).concat(FACTORY_SUFFIX);
        try {
            Class<?> candidate = Class.forName(factoryName, true, typeLoader);
            if (GeneratedCodecFactory.class.isAssignableFrom(candidate)) {
                GeneratedCodecFactory factory =
                        (GeneratedCodecFactory) candidate.getDeclaredConstructor().newInstance();
                if (factory.type() == type) {
                    return factory;
                }
            }
            return null;
        } catch (ClassNotFoundException e) {
            return null;
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalStateException("the generated codec factory of " + type.getName()
                    + " cannot be created; recompile it with the keysmith processor", e);
        }
    }

    /** The {@code ServiceLoader} registrations, read once, on the first type not found by name. */
    private Map<Class<?>, GeneratedCodecFactory> registered() {
        Map<Class<?>, GeneratedCodecFactory> result = registered;
        if (result == null) {
            Map<Class<?>, GeneratedCodecFactory> found = new HashMap<>();
            for (GeneratedCodecFactory factory : ServiceLoader.load(GeneratedCodecFactory.class, loader)) {
                found.putIfAbsent(factory.type(), factory);
            }
            result = Map.copyOf(found);
            registered = result;
        }
        return result;
    }

    @Override
    public String toString() {
        return "GeneratedCodecProvider" + registered().keySet().stream().map(Class::getName).sorted().toList();
    }
}
