package dev.keysmith.processor.writing;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.keysmith.processor.model.Access;
import dev.keysmith.processor.model.Property;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes through a constructor (a record's, or a {@code @BsonCreator}) or a static {@code @BsonCreator}
 * method: each value is kept in a local, with a flag saying it was present where that matters; after the
 * document, a missing primitive parameter is an error, the creator is called with the locals (the default value
 * for parameters that are not stored), and the properties it does not take are set if present, as the driver does.
 *
 * <p>Not thread-safe: one instance per codec written.
 */
final class CreatorDecodeWriter extends DecodeWriter {

    CreatorDecodeWriter(CodecContext context) {
        super(context);
    }

    @Override
    void declare(CodeBlock.Builder code, List<Property> properties, Property extra) {
        for (Property property : properties) {
            code.addStatement("$T $N = $L", property.type().javaType(), context.local(property),
                    CodecContext.defaultValue(property.type().javaType()));
            if (tracksPresence(property)) {
                code.addStatement("boolean $N = false", context.presence(property));
            }
        }
    }

    @Override
    void store(CodeBlock.Builder code, Property property, CodeBlock value) {
        code.addStatement("$N = $L", context.local(property), value);
        if (tracksPresence(property)) {
            code.addStatement("$N = true", context.presence(property));
        }
    }

    @Override
    void storedExtra(CodeBlock.Builder code, Property extra) {
        if (tracksPresence(extra)) {
            code.addStatement("$N = true", context.presence(extra));
        }
    }

    @Override
    CodeBlock idSoFar(Property id) {
        return CodeBlock.of("$N", context.local(id));
    }

    @Override
    void finish(CodeBlock.Builder code, List<Property> properties, Property extra) {
        for (Property property : properties) {
            if (property.type().primitive() && property.write() instanceof Access.ConstructorParameter) {
                code.beginControlFlow("if (!$N)", context.presence(property));
                code.addStatement("throw $T.missing($S, $S, $S)", Names.CODEC_SUPPORT, context.entity,
                        property.javaName(), property.bsonName());
                code.endControlFlow();
            }
        }
        List<CodeBlock> arguments = new ArrayList<>();
        for (String name : context.model.constructorOrder()) {
            TypeName unstored = context.model.unstored().get(name);
            arguments.add(unstored != null ? CodeBlock.of("$L", CodecContext.defaultValue(unstored))
                    : CodeBlock.of("$N", context.local(context.property(name))));
        }
        List<Property> setAfterwards = properties.stream()
                .filter(property -> !(property.write() instanceof Access.ConstructorParameter))
                .toList();
        if (setAfterwards.isEmpty()) {
            code.addStatement("return $L", context.create(CodeBlock.join(arguments, ", ")));
            return;
        }
        code.addStatement("$T value = $L", context.model.typeWithVariables(),
                context.create(CodeBlock.join(arguments, ", ")));
        for (Property property : setAfterwards) {
            code.beginControlFlow("if ($N)", context.presence(property));
            code.addStatement(CodecContext.assign("value", property, CodeBlock.of("$N", context.local(property))));
            code.endControlFlow();
        }
        code.addStatement("return value");
    }

    /**
     * Whether decode records that the property was present: a primitive passed to a constructor must be, and
     * a property set after a {@code @BsonCreator} is set only when present, as the driver does.
     */
    private static boolean tracksPresence(Property property) {
        return property.type().primitive() || !(property.write() instanceof Access.ConstructorParameter);
    }
}
