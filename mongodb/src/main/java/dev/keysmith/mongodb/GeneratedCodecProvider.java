package dev.keysmith.mongodb;

import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.GeneratedCodecFactory;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecProvider;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * The codecs the keysmith processor generated. The provider looks for a type's codec by the name the processor
 * gives it, next to the type ({@code Person_KeysmithCodec} for {@code Person}), and makes it with its public
 * {@code (CodecRegistry, IdGenerators)} constructor; for a type it does not find that way it reads the
 * {@code ServiceLoader} registrations in {@code META-INF/services/dev.keysmith.runtime.codec.GeneratedCodecFactory}
 * (hand-written ones, or those the processor writes with {@code -Akeysmith.serviceLoader=true}). Nothing is
 * loaded until a type is asked for. Entity codecs take
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

    private static final String CODEC_SUFFIX = "_KeysmithCodec";
    /** What {@link #makers} holds for a type without a generated codec. */
    private static final Object NONE = new Object();

    private final ClassLoader loader;
    private final IdGenerators ids;
    /**
     * Per type: the public {@code (CodecRegistry, IdGenerators)} constructor of its generated codec, found by
     * name; or its {@link GeneratedCodecFactory} from the {@code ServiceLoader} registrations; or {@link #NONE}.
     */
    private final Map<Class<?>, Object> makers = new ConcurrentHashMap<>();
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
        return maker(type) != NONE;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Codec<T> get(Class<T> type, CodecRegistry registry) {
        Object maker = maker(type);
        if (maker instanceof Constructor<?> constructor) {
            Codec<?> codec = construct(type, constructor, registry);
            if (codec.getEncoderClass() == type) {
                return (Codec<T>) codec;
            }
            // A class of the generated name that is not this type's codec: only the registrations count.
            maker = registeredOrNone(type);
            makers.put(type, maker);
        }
        // NONE first: "instanceof GeneratedCodecFactory" would load that interface for every JDK or driver type.
        return maker == NONE ? null : (Codec<T>) ((GeneratedCodecFactory) maker).create(registry, ids);
    }

    // Plain code, no lambdas, and the codec's own constructor rather than its nested Factory: this runs when the
    // first entity is encoded, often before anything else in the JVM has paid for bootstrapping lambdas
    // (milliseconds), and every class loaded then costs a cold JVM about 0.1 ms (docs/benchmarks.md, (f)).
    private Object maker(Class<?> type) {
        Object known = makers.get(type);
        if (known == null) {
            known = find(type);
            Object raced = makers.putIfAbsent(type, known);
            if (raced != null) {
                known = raced;
            }
        }
        return known;
    }

    private Object find(Class<?> type) {
        ClassLoader typeLoader = type.getClassLoader();
        if (typeLoader == null || type.isArray() || type.isPrimitive()) {
            return NONE; // JDK types: never generated
        }
        Constructor<?> byName = byName(type, typeLoader);
        return byName != null ? byName : registeredOrNone(type);
    }

    private Object registeredOrNone(Class<?> type) {
        GeneratedCodecFactory factory = registered().get(type);
        return factory != null ? factory : NONE;
    }

    /**
     * The constructor of the codec the processor names after the type ({@code Outer_Inner_KeysmithCodec}), if
     * there is such a codec.
     */
    private static Constructor<?> byName(Class<?> type, ClassLoader typeLoader) {
        // String.concat rather than +: the first indy string concatenation in a JVM costs milliseconds.
        String packagePrefix = type.getPackageName().isEmpty() ? "" : type.getPackageName().concat(".");
        String simpleNames = type.getName().substring(packagePrefix.length()).replace('$', '_');
        String codecName = packagePrefix.concat(simpleNames).concat(CODEC_SUFFIX);
        try {
            Class<?> candidate = Class.forName(codecName, false, typeLoader);
            return Codec.class.isAssignableFrom(candidate)
                    ? candidate.getConstructor(CodecRegistry.class, IdGenerators.class)
                    : null;
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            return null; // not generated, or not by this processor: the registrations decide
        } catch (LinkageError e) {
            throw Failure.of(type, e);
        }
    }

    private Codec<?> construct(Class<?> type, Constructor<?> constructor, CodecRegistry registry) {
        try {
            return (Codec<?>) constructor.newInstance(registry, ids);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw Failure.of(type, e);
        }
    }

    /**
     * Failures to make a codec, in a class of their own, loaded only on a failure: the JVM verifies all of a
     * class's code when it loads it (and loads the classes its handlers name), and the first document never runs
     * this code.
     */
    private static final class Failure {

        /** What the codec's constructor threw, as it threw it (a codec it asked the registry for is missing, say). */
        static RuntimeException of(Class<?> type, Throwable e) {
            Throwable thrown = e instanceof InvocationTargetException ? e.getCause() : e;
            if (thrown != e && thrown instanceof RuntimeException runtime) {
                return runtime;
            }
            if (thrown != e && thrown instanceof Error error) {
                throw error;
            }
            return new IllegalStateException("the generated codec of " + type.getName()
                    + " cannot be created; recompile it with the keysmith processor", thrown);
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
