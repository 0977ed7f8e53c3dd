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
 * document, a missing primitive parameter is an error (of a {@code @BsonCreator}, naming every missing parameter,
 * as the driver's), the creator is called with the locals (the default value
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
        List<Property> parameters = new ArrayList<>();
        for (String name : context.model.creator().order()) {
            if (!context.model.creator().unstored().containsKey(name)) {
                parameters.add(context.property(name));
            }
        }
        for (Property property : parameters) {
            if (property.type().primitive()) {
                code.beginControlFlow("if (!$N)", context.presence(property));
                code.addStatement("throw $L", missing(property, parameters));
                code.endControlFlow();
            }
        }
        for (Property property : properties) {
            if (context.model.nonNull().contains(property.javaName())
                    && property.write() instanceof Access.ConstructorParameter) {
                code.beginControlFlow("if ($N == null)", context.local(property));
                code.addStatement("throw $L", notNullable(property));
                code.endControlFlow();
            }
        }
        List<CodeBlock> arguments = new ArrayList<>();
        for (String name : context.model.creator().order()) {
            TypeName unstored = context.model.creator().unstored().get(name);
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
            if (context.model.nonNull().contains(property.javaName())) {
                code.beginControlFlow("if ($N == null)", context.local(property));
                code.addStatement("throw $L", notNullable(property));
                code.endControlFlow();
            }
            code.addStatement(CodecContext.assign("value", property, CodeBlock.of("$N", context.local(property))));
            code.endControlFlow();
        }
        code.addStatement("return value");
    }

    /** The error for a non-null Kotlin property without a value, named with the document's id when it has one. */
    private CodeBlock notNullable(Property property) {
        CodeBlock error = CodeBlock.of("$T.notNullable($S, $S, $S)", Names.CODEC_SUPPORT, context.entity,
                property.javaName(), property.bsonName());
        Property id = context.model.id() == null ? null : context.model.id().property();
        return id == null ? error : CodeBlock.of("$T.withDocumentId($L, $L)", Names.CODEC_SUPPORT, error,
                idSoFar(id));
    }

    /**
     * The error for a missing primitive parameter: of a {@code @BsonCreator}, naming every parameter the document
     * lacks (in the creator's order), as the driver does; of another constructor, naming the primitive.
     */
    private CodeBlock missing(Property primitive, List<Property> parameters) {
        if (!context.model.creator().bsonCreator() || parameters.size() == 1) {
            return CodeBlock.of("$T.missing($S, $S, $S)", Names.CODEC_SUPPORT, context.entity, primitive.javaName(),
                    primitive.bsonName());
        }
        CodeBlock names = CodeBlock.join(parameters.stream().map(parameter -> CodeBlock.of("$S",
                parameter.bsonName())).toList(), ", ");
        CodeBlock present = CodeBlock.join(parameters.stream().map(parameter -> CodeBlock.of("$N",
                context.presence(parameter))).toList(), ", ");
        return CodeBlock.of("$T.missing($S, $S, new String[] {$L}, new boolean[] {$L})", Names.CODEC_SUPPORT,
                context.entity, primitive.javaName(), names, present);
    }

    /**
     * Whether decode records that the property was present: a primitive parameter must be, every parameter of a
     * {@code @BsonCreator} with a primitive one is named when missing, and a property set after a
     * {@code @BsonCreator} is set only when present, as the driver does.
     */
    private boolean tracksPresence(Property property) {
        if (!(property.write() instanceof Access.ConstructorParameter)) {
            return true;
        }
        return property.type().primitive() || context.model.creator().bsonCreator()
                && context.model.allProperties().stream().anyMatch(other -> other.type().primitive()
                        && other.write() instanceof Access.ConstructorParameter);
    }
}
