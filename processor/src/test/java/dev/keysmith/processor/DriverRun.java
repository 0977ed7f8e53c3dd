package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import dev.keysmith.runtime.IdGenerators;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import javax.tools.JavaFileObject;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.RawBsonDocument;
import org.bson.UuidRepresentation;
import org.bson.codecs.BsonValueCodecProvider;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.DocumentCodecProvider;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.IterableCodecProvider;
import org.bson.codecs.MapCodecProvider;
import org.bson.codecs.ValueCodecProvider;
import org.bson.codecs.configuration.CodecProvider;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.codecs.jsr310.Jsr310CodecProvider;
import org.bson.codecs.pojo.PojoCodecProvider;
import org.bson.io.BasicOutputBuffer;

/**
 * Sources compiled in memory, with or without the keysmith processor, and their classes run through the driver's
 * {@code PojoCodecProvider.builder().automatic(true)} (default conventions, {@code UuidRepresentation.STANDARD}) and,
 * when the processor ran, through the generated codecs, found by name as {@code GeneratedCodecProvider} finds them.
 * What the tests say the driver does, they see it do here.
 *
 * <p>Not thread-safe: confine to one thread.
 */
final class DriverRun implements AutoCloseable {

    private static final CodecRegistry DEFAULTS = CodecRegistries.fromProviders(new ValueCodecProvider(),
            new BsonValueCodecProvider(), new DocumentCodecProvider(), new IterableCodecProvider(),
            new MapCodecProvider(), new Jsr310CodecProvider());

    private final CompiledClasses classes;
    private final IdGenerators ids = IdGenerators.create((counter, count) -> {
        throw new AssertionError("no sequence here");
    });
    private final CodecRegistry pojo;
    private final CodecRegistry keysmith;

    private DriverRun(Compilation compilation) {
        assertThat(compilation).succeeded();
        this.classes = new CompiledClasses(compilation);
        this.pojo = CodecRegistries.withUuidRepresentation(CodecRegistries.fromRegistries(DEFAULTS,
                CodecRegistries.fromProviders(PojoCodecProvider.builder().automatic(true).build())),
                UuidRepresentation.STANDARD);
        this.keysmith = CodecRegistries.withUuidRepresentation(CodecRegistries.fromRegistries(
                CodecRegistries.fromProviders(generatedCodecs()), DEFAULTS), UuidRepresentation.STANDARD);
    }

    /** The sources compiled with the keysmith processor, which must succeed. */
    static DriverRun withKeysmith(JavaFileObject... sources) {
        return new DriverRun(Compilations.compile(sources));
    }

    /** The sources compiled by javac alone, for the driver only. */
    static DriverRun driverOnly(JavaFileObject... sources) {
        return new DriverRun(javac().compile(sources));
    }

    Class<?> type(String name) throws ClassNotFoundException {
        return classes.loadClass(name);
    }

    /** The value {@code type}'s static {@code sample()} method makes. */
    Object sample(String type) throws ReflectiveOperationException {
        Method sample = type(type).getDeclaredMethod("sample");
        sample.setAccessible(true);
        return sample.invoke(null);
    }

    /** The driver's {@code PojoCodec} for {@code type}; throws what the driver throws for a class it refuses. */
    @SuppressWarnings("unchecked")
    Codec<Object> pojo(String type) throws ClassNotFoundException {
        return (Codec<Object>) pojo.get(type(type));
    }

    /** The codec the processor generated for {@code type}. */
    @SuppressWarnings("unchecked")
    Codec<Object> keysmith(String type) throws ClassNotFoundException {
        Codec<Object> codec = (Codec<Object>) keysmith.get(type(type));
        org.assertj.core.api.Assertions.assertThat(codec.getClass().getSimpleName()).endsWith("_KeysmithCodec");
        return codec;
    }

    static byte[] encode(Codec<Object> codec, Object value) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            codec.encode(writer, value, EncoderContext.builder().isEncodingCollectibleDocument(true).build());
        }
        return buffer.toByteArray();
    }

    static Object decode(Codec<Object> codec, byte[] bytes) {
        try (BsonBinaryReader reader = new BsonBinaryReader(ByteBuffer.wrap(bytes))) {
            return codec.decode(reader, DecoderContext.builder().build());
        }
    }

    static byte[] bytes(String json) {
        return encode(castCodec(new org.bson.codecs.BsonDocumentCodec()), org.bson.BsonDocument.parse(json));
    }

    static String json(byte[] bytes) {
        return new RawBsonDocument(bytes).toJson();
    }

    @SuppressWarnings("unchecked")
    private static Codec<Object> castCodec(Codec<?> codec) {
        return (Codec<Object>) codec;
    }

    /** The generated codecs, by the name the processor gives them ({@code Outer_Inner_KeysmithCodec}). */
    private CodecProvider generatedCodecs() {
        return new CodecProvider() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> Codec<T> get(Class<T> clazz, CodecRegistry registry) {
                String binary = clazz.getName();
                int dot = binary.lastIndexOf('.');
                String name = binary.substring(0, dot + 1) + binary.substring(dot + 1).replace('$', '_')
                        + "_KeysmithCodec";
                try {
                    return (Codec<T>) classes.loadClass(name).getConstructor(CodecRegistry.class, IdGenerators.class)
                            .newInstance(registry, ids);
                } catch (ClassNotFoundException | NoSuchMethodException e) {
                    return null; // not generated, or a generic type's codec, which its users make

                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }

    @Override
    public void close() {
        ids.close();
    }
}
