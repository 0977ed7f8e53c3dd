package dev.keysmith.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import dev.keysmith.processor.model.Access;
import dev.keysmith.processor.model.Property;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code decode}: one loop over the document's fields with a {@code switch} on the name, the same for every
 * type; where each value goes, and how the result is made, is left to the two subclasses. {@link
 * InstanceDecodeWriter} creates the instance first and sets each value on it as it is read;
 * {@link CreatorDecodeWriter} keeps the values in locals and passes them to the constructor or {@code @BsonCreator}
 * at the end, then sets the rest.
 *
 * <p>The loop runs in a {@code try} when the type has an id, so that a failure names the document's id; the
 * {@code default} branch skips unknown fields, or collects them into the {@code @BsonExtraElements} property.
 *
 * <p>Not thread-safe: one instance per codec written.
 */
abstract sealed class DecodeWriter permits InstanceDecodeWriter, CreatorDecodeWriter {

    final CodecContext context;

    DecodeWriter(CodecContext context) {
        this.context = context;
    }

    /** The writer for {@code context}'s type: through an instance, or through a creator. */
    static DecodeWriter of(CodecContext context) {
        return context.model.creator().creation() == TypeModel.Creation.INSTANCE ? new InstanceDecodeWriter(context)
                : new CreatorDecodeWriter(context);
    }

    /** Declares what the loop stores the values in. */
    abstract void declare(CodeBlock.Builder code, List<Property> properties, Property extra);

    /** Stores {@code value}, just read, for {@code property}. */
    abstract void store(CodeBlock.Builder code, Property property, CodeBlock value);

    /** After the extra elements collected one more field. */
    abstract void storedExtra(CodeBlock.Builder code, Property extra);

    /** The id read so far, for the message of a failure. */
    abstract CodeBlock idSoFar(Property id);

    /** Makes and returns the value, after the document's end. */
    abstract void finish(CodeBlock.Builder code, List<Property> properties, Property extra);

    final MethodSpec decode() {
        CodeBlock.Builder code = CodeBlock.builder();
        // Read-only properties (a getter alone) are written but never read back: the default skips them.
        List<Property> properties = context.model.allProperties().stream()
                .filter(property -> !(property.write() instanceof Access.ReadOnly))
                .toList();
        Property extra = properties.stream().filter(property -> property.extraElements() != null
                && !(property.write() instanceof Access.None)).findFirst().orElse(null);
        declare(code, properties, extra);
        code.addStatement("reader.readStartDocument()");
        Property idProperty = context.model.id() == null ? null : context.model.id().property();
        if (idProperty != null) {
            code.beginControlFlow("try");
        }
        code.beginControlFlow("while (reader.readBsonType() != $T.END_OF_DOCUMENT)", Names.BSON_TYPE);
        if (extra == null) {
            code.beginControlFlow("switch (reader.readName())");
        } else {
            code.addStatement("$T $N = reader.readName()", String.class, context.fieldNameLocal());
            code.beginControlFlow("switch ($N)", context.fieldNameLocal());
        }
        for (Property property : properties) {
            if (property == extra) {
                continue;
            }
            code.add("case $S:\n", property.bsonName()).indent();
            store(code, property, readProperty(property));
            code.addStatement("break").unindent();
        }
        TypeModel.Discriminator discriminator = context.model.discriminator();
        if (extra != null && discriminator != null
                && properties.stream().noneMatch(property -> property.bsonName().equals(discriminator.key()))) {
            // The class's own discriminator is no extra element: the driver skips it.
            code.add("case $S:\n", discriminator.key()).indent();
            code.addStatement("reader.skipValue()").addStatement("break").unindent();
        }
        if (extra == null) {
            code.add("default:\n").indent().addStatement("reader.skipValue()").unindent();
        } else {
            // Every field no other property reads, its own name included, as the driver collects them.
            code.add("default:\n").indent();
            CodeBlock sofar = extra.type() instanceof ValueType.MapOf map
                    ? CodeBlock.of("$N == null ? $L : $N", context.local(extra),
                            ValueCode.newContainer(map.implementation(), map.javaType()), context.local(extra))
                    : CodeBlock.of("$N", context.local(extra));
            code.addStatement("$N = $T.$L($L, $N, reader, registry, decoderContext, $S)", context.local(extra),
                    Names.CODEC_SUPPORT, switch (extra.extraElements()) {
                        case DOCUMENT -> "extraDocument";
                        case BSON_DOCUMENT -> "extraBsonDocument";
                        case MAP -> "extraMap";
                    }, sofar, context.fieldNameLocal(), context.entity);
            storedExtra(code, extra);
            code.unindent();
        }
        code.endControlFlow();
        code.endControlFlow();
        if (idProperty != null) {
            // Name the document: its _id comes first in what MongoDB stores, so it has been read by now.
            // RuntimeException, not EntityDecodingException: a caught type is loaded when the codec is
            // verified, before its first encode (CodecSupport.withDocumentId).
            code.nextControlFlow("catch ($T e)", RuntimeException.class);
            code.addStatement("throw $T.withDocumentId(e, $L)", Names.CODEC_SUPPORT, idSoFar(idProperty));
            code.endControlFlow();
        }
        code.addStatement("reader.readEndDocument()");
        finish(code, properties, extra);
        return MethodSpec.methodBuilder("decode")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(context.model.typeWithVariables())
                .addParameter(Names.BSON_READER, "reader")
                .addParameter(Names.DECODER_CONTEXT, "decoderContext")
                .addCode(code.build())
                .build();
    }

    /** The expression that reads the current value of {@code property}; adds a helper for other containers. */
    private CodeBlock readProperty(Property property) {
        ValueType type = property.type();
        ValueCode values = context.values;
        if (type instanceof ValueType.Scalar scalar) {
            return values.readScalar(scalar, context.form(property), property.javaName());
        }
        if (ValueCode.hasCodec(type)) {
            return values.readFromRegistry(type, property.javaName());
        }
        if (type instanceof ValueType.Rediscriminated rediscriminated) {
            // Without a discriminator written, the class's codec reads it; with one, the codec does not know it.
            return rediscriminated.value() == null
                    ? values.readFromRegistry(new ValueType.FromRegistry(type.javaType(), false), property.javaName())
                    : CodeBlock.of("$T.readWithout(reader, $L, $S, decoderContext, $S, $S)",
                            Names.DISCRIMINATOR_SUPPORT, values.codec(type), rediscriminated.key(), context.entity,
                            property.javaName());
        }
        if (type instanceof ValueType.Any) {
            return values.readAny(property.javaName());
        }
        if (type instanceof ValueType.Polymorphic polymorphic) {
            return values.readPolymorphic(polymorphic, property.javaName());
        }
        if (CodecContext.isStringCollection(type)) {
            ValueType.CollectionOf collection = (ValueType.CollectionOf) type;
            CodeBlock target = collection.javaType() instanceof ClassName
                    ? ValueCode.newContainer(collection.implementation(), collection.javaType())
                    : CodeBlock.of("new $T()", ParameterizedTypeName.get(collection.implementation(),
                            collection.element().javaType()));
            return CodeBlock.of("$T.readStrings(reader, $L, $S, $S)", Names.CODEC_SUPPORT, target, context.entity,
                    property.javaName());
        }
        String name = "read" + CodecContext.capitalized(property.javaName());
        CodeBlock.Builder code = CodeBlock.builder();
        code.beginControlFlow("if (!$L)", values.start(type, property.javaName()));
        code.addStatement("return null");
        code.endControlFlow();
        String result = values.readContainer(code, type, property.javaName(), 0);
        code.addStatement("return $N", result);
        context.helpers.add(MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE)
                .returns(type.javaType())
                .addParameter(Names.BSON_READER, "reader")
                .addParameter(Names.DECODER_CONTEXT, "decoderContext")
                .addCode(code.build())
                .build());
        return CodeBlock.of("$N(reader, decoderContext)", name);
    }
}
