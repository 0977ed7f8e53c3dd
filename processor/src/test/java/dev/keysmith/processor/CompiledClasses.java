package dev.keysmith.processor;

import com.google.testing.compile.Compilation;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.EntityCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonDocumentWriter;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;

/** The classes of a compilation, loaded from memory; everything else from the test's class path. */
final class CompiledClasses extends ClassLoader {

    private static final String OUTPUT = "/CLASS_OUTPUT/";

    private final Map<String, JavaFileObject> classes = new HashMap<>();

    CompiledClasses(Compilation compilation) {
        super(CompiledClasses.class.getClassLoader());
        for (JavaFileObject file : compilation.generatedFiles()) {
            if (file.getKind() == JavaFileObject.Kind.CLASS) {
                String path = file.toUri().getPath();
                String name = path.substring(path.indexOf(OUTPUT) + OUTPUT.length(),
                        path.length() - ".class".length());
                classes.put(name.replace('/', '.'), file);
            }
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        JavaFileObject file = classes.get(name);
        if (file == null) {
            throw new ClassNotFoundException(name);
        }
        try (InputStream in = file.openInputStream()) {
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The generated codec named {@code codec}, made as {@code GeneratedCodecProvider} makes it. */
    @SuppressWarnings("unchecked")
    EntityCodec<Object> codec(String codec, CodecRegistry registry, IdGenerators ids)
            throws ReflectiveOperationException {
        return (EntityCodec<Object>) loadClass(codec).getConstructor(CodecRegistry.class, IdGenerators.class)
                .newInstance(registry, ids);
    }

    static BsonDocument encode(EntityCodec<Object> codec, Object value) {
        BsonDocument document = new BsonDocument();
        codec.encode(new BsonDocumentWriter(document), value, EncoderContext.builder().build());
        return document;
    }

    static Object decode(EntityCodec<Object> codec, BsonDocument document) {
        return codec.decode(new BsonDocumentReader(document), DecoderContext.builder().build());
    }
}
