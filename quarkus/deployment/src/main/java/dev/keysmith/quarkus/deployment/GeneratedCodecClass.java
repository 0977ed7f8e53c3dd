package dev.keysmith.quarkus.deployment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.MethodInfo;
import org.jboss.jandex.Type;

/**
 * A codec the keysmith processor generated, as the index shows it: the class (marked {@code @KeysmithGenerated}) and
 * the type it encodes (its superclass's type argument). Codecs of generic types are left out: the codecs of the types
 * that hold them make them, with the codecs of their type arguments.
 *
 * @param type the binary name of the entity or embedded type ({@code com.example.Outer$Line})
 * @param codec the binary name of its generated codec
 */
record GeneratedCodecClass(String type, String codec) {

    static final DotName KEYSMITH_GENERATED = DotName.createSimple("dev.keysmith.runtime.codec.KeysmithGenerated");
    private static final Type CODEC_REGISTRY = Type.create(
            DotName.createSimple("org.bson.codecs.configuration.CodecRegistry"), Type.Kind.CLASS);
    private static final Type ID_GENERATORS = Type.create(
            DotName.createSimple("dev.keysmith.runtime.IdGenerators"), Type.Kind.CLASS);

    /** Every generated codec of the application with the public {@code (CodecRegistry, IdGenerators)} constructor. */
    static List<GeneratedCodecClass> find(IndexView index) {
        List<GeneratedCodecClass> found = new ArrayList<>();
        for (AnnotationInstance marker : index.getAnnotations(KEYSMITH_GENERATED)) {
            if (marker.target().kind() != org.jboss.jandex.AnnotationTarget.Kind.CLASS) {
                continue;
            }
            ClassInfo codec = marker.target().asClass();
            Type superclass = codec.superClassType();
            MethodInfo constructor = codec.method("<init>", CODEC_REGISTRY, ID_GENERATORS);
            if (superclass == null || superclass.kind() != Type.Kind.PARAMETERIZED_TYPE || constructor == null
                    || !java.lang.reflect.Modifier.isPublic(constructor.flags())
                    || !java.lang.reflect.Modifier.isPublic(codec.flags())) {
                continue;
            }
            List<Type> arguments = superclass.asParameterizedType().arguments();
            if (arguments.size() == 1 && arguments.get(0).kind() == Type.Kind.CLASS) {
                found.add(new GeneratedCodecClass(arguments.get(0).name().toString(), codec.name().toString()));
            }
        }
        found.sort(Comparator.comparing(GeneratedCodecClass::type)); // the same class bytes on every build
        return found;
    }
}
