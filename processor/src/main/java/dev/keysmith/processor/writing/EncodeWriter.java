package dev.keysmith.processor.writing;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.keysmith.processor.model.Access;
import dev.keysmith.processor.model.Property;
import dev.keysmith.processor.model.ValueType;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code encode}: the properties in the driver's order, the discriminator right after the id, each by the
 * shortest code its type allows (a direct {@code BsonWriter} call, a shared method of the runtime, a cached
 * codec, or a helper of this codec for other containers). {@link IdMethodsWriter} writes an id the same way.
 *
 * <p>Not thread-safe: one instance per codec written.
 */
final class EncodeWriter {

    private final CodecContext context;

    EncodeWriter(CodecContext context) {
        this.context = context;
    }

    MethodSpec encode() {
        CodeBlock.Builder code = CodeBlock.builder();
        code.addStatement("writer.writeStartDocument()");
        List<Property> properties = context.model.allProperties();
        int afterId = context.model.id() != null ? 1 : 0;
        for (Property property : properties.subList(0, afterId)) {
            writeProperty(code, property, CodecContext.read("value", property));
        }
        if (context.model.discriminator() != null) {
            // Right after the id, as the driver's PojoCodec writes it.
            code.addStatement("writer.writeString($S, $S)", context.model.discriminator().key(),
                    context.model.discriminator().value());
        }
        for (Property property : properties.subList(afterId, properties.size())) {
            if (!(property.read() instanceof Access.Ignored)) {
                // @BsonIgnore on the getter: read from documents, never written to them, as the driver does.
                writeProperty(code, property, CodecContext.read("value", property));
            }
        }
        code.addStatement("writer.writeEndDocument()");
        return MethodSpec.methodBuilder("encode")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .addParameter(Names.BSON_WRITER, "writer")
                .addParameter(context.model.typeWithVariables(), "value")
                .addParameter(Names.ENCODER_CONTEXT, "encoderContext")
                .addCode(code.build())
                .build();
    }

    /** Null values are left out of the document, as the driver's POJO codec does. */
    void writeProperty(CodeBlock.Builder code, Property property, CodeBlock value) {
        ValueType type = property.type();
        ValueCode values = context.values;
        if (type.primitive()) {
            code.addStatement(values.writeScalar(((ValueType.Scalar) type).kind(), context.form(property),
                    property.bsonName(), value));
            return;
        }
        CodeBlock shared = sharedWrite(property, value);
        if (shared != null) {
            code.addStatement(shared);
            return;
        }
        code.beginControlFlow("if ($L != null)", value);
        if (property.extraElements() != null) {
            // Inline, where the property would be, as the driver writes them.
            code.addStatement("$T.writeExtraElements(writer, $L, registry, encoderContext)", Names.ENCODE_SUPPORT,
                    value);
        } else if (type instanceof ValueType.Scalar scalar) {
            // A boxed short, byte, float or char.
            code.addStatement(values.writeScalar(scalar.kind(), context.form(property), property.bsonName(), value));
        } else if (type instanceof ValueType.Any || type instanceof ValueType.Polymorphic) {
            code.addStatement("writer.writeName($S)", property.bsonName());
            code.addStatement(values.writeAny(value));
        } else {
            code.addStatement("writer.writeName($S)", property.bsonName());
            code.addStatement("$N(writer, $L, encoderContext)", containerWriter(property), value);
        }
        code.endControlFlow();
    }

    /**
     * The one call that writes a property that may be null, for the common types: a shared method of
     * {@code EncodeSupport} that leaves a null out. Null for the rest, written after a test here.
     */
    private CodeBlock sharedWrite(Property property, CodeBlock value) {
        ValueType type = property.type();
        if (property.extraElements() != null) {
            return null;
        }
        if (type instanceof ValueType.Scalar scalar) {
            return context.values.writeNullableScalar(scalar.kind(), context.form(property), property.bsonName(),
                    value);
        }
        if (ValueCode.hasCodec(type)) {
            return CodeBlock.of("$T.write(writer, $S, $L, $L, encoderContext)", Names.ENCODE_SUPPORT,
                    property.bsonName(), context.values.codec(type), value);
        }
        if (type instanceof ValueType.Rediscriminated rediscriminated) {
            return CodeBlock.of("$T.write(writer, $S, $L, $T.class, $L, $S, $S, registry, encoderContext)",
                    Names.DISCRIMINATOR_SUPPORT, property.bsonName(), value, Names.raw(rediscriminated.javaType()),
                    context.values.codec(type), rediscriminated.key(), rediscriminated.value());
        }
        if (CodecContext.isStringCollection(type)) {
            return CodeBlock.of("$T.writeStrings(writer, $S, $L)", Names.ENCODE_SUPPORT, property.bsonName(), value);
        }
        return null;
    }

    private String containerWriter(Property property) {
        String name = "write" + CodecContext.capitalized(property.javaName());
        CodeBlock.Builder code = CodeBlock.builder();
        context.values.writeContainer(code, property.type(), CodeBlock.of("value"), 0);
        context.helpers.add(MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE)
                .addParameter(Names.BSON_WRITER, "writer")
                .addParameter(property.type().javaType(), "value")
                .addParameter(Names.ENCODER_CONTEXT, "encoderContext")
                .addCode(code.build())
                .build());
        return name;
    }
}
