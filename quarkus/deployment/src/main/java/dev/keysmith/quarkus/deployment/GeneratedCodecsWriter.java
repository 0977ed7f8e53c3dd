package dev.keysmith.quarkus.deployment;

import dev.keysmith.quarkus.internal.GeneratedCodecs;
import dev.keysmith.runtime.IdGenerators;
import io.quarkus.gizmo.BytecodeCreator;
import io.quarkus.gizmo.ClassCreator;
import io.quarkus.gizmo.ClassOutput;
import io.quarkus.gizmo.MethodCreator;
import io.quarkus.gizmo.MethodDescriptor;
import io.quarkus.gizmo.ResultHandle;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.function.Supplier;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * Writes the application's {@link GeneratedCodecs}: one bean class whose {@code create} compares the asked type's name
 * with each generated codec's type and calls that codec's constructor. No {@code Class.forName}, no reflection: what a
 * native image needs, and no look-up by name at run time. Comparing names rather than class literals keeps
 * package-private entity classes out of reach of the generated class, which sits in another package.
 */
final class GeneratedCodecsWriter {

    static final String CLASS_NAME = "dev.keysmith.quarkus.generated.KeysmithGeneratedCodecs";

    private static final MethodDescriptor CLASS_NAME_OF = MethodDescriptor.ofMethod(Class.class, "getName", String.class);
    private static final MethodDescriptor STRING_EQUALS =
            MethodDescriptor.ofMethod(String.class, "equals", boolean.class, Object.class);
    private static final MethodDescriptor SUPPLIER_GET = MethodDescriptor.ofMethod(Supplier.class, "get", Object.class);

    private GeneratedCodecsWriter() {
    }

    static void write(List<GeneratedCodecClass> codecs, ClassOutput output) {
        try (ClassCreator creator = ClassCreator.builder().classOutput(output).className(CLASS_NAME)
                .interfaces(GeneratedCodecs.class).build()) {
            creator.addAnnotation(Singleton.class);
            MethodCreator create = creator.getMethodCreator("create", Codec.class, Class.class, CodecRegistry.class,
                    Supplier.class);
            ResultHandle typeName = create.invokeVirtualMethod(CLASS_NAME_OF, create.getMethodParam(0));
            for (GeneratedCodecClass codec : codecs) {
                BytecodeCreator matches = create.ifTrue(create.invokeVirtualMethod(STRING_EQUALS, typeName,
                        create.load(codec.type()))).trueBranch();
                ResultHandle ids = matches.checkCast(
                        matches.invokeInterfaceMethod(SUPPLIER_GET, create.getMethodParam(2)), IdGenerators.class);
                matches.returnValue(matches.newInstance(
                        MethodDescriptor.ofConstructor(codec.codec(), CodecRegistry.class, IdGenerators.class),
                        create.getMethodParam(1), ids));
            }
            create.returnNull();
        }
    }
}
