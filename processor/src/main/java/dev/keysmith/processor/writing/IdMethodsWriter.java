package dev.keysmith.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.keysmith.processor.model.Access;
import dev.keysmith.processor.model.IdSpec;
import dev.keysmith.processor.model.Property;
import dev.keysmith.processor.model.ScalarKind;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes what an entity's codec adds to a plain codec ({@code EntityCodec}; the entity's facts, collection, id
 * strategy and insert attempts, go to the base class's constructor): the id methods, which read the id, give a new
 * entity a fresh one by its strategy (setting it in place, or rebuilding the value through its creator; for a
 * sequence, {@code withSequenceId} sets one that a non-blocking route awaited), take back one assigned in place, and
 * turn an id value into BSON as {@code encode} writes it ({@link EncodeWriter} for ids that are not plain scalars).
 *
 * <p>Not thread-safe: one instance per codec written.
 */
final class IdMethodsWriter {

    private final CodecContext context;
    private final TypeModel model;
    private final EncodeWriter encoding;

    IdMethodsWriter(CodecContext context, EncodeWriter encoding) {
        this.context = context;
        this.model = context.model;
        this.encoding = encoding;
    }

    void addIdMethods(TypeSpec.Builder codec, IdSpec id) {
        Property property = id.property();
        TypeName document = model.type();
        CodeBlock idValue = CodecContext.read("document", property);
        codec.addMethod(MethodSpec.methodBuilder("documentHasId")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(boolean.class)
                .addParameter(document, "document")
                .addStatement("return $L != $L", idValue, property.type().primitive() ? "0" : "null")
                .build());
        codec.addMethod(MethodSpec.methodBuilder("idOf")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(Object.class)
                .addParameter(document, "document")
                .addStatement("return $L", idValue)
                .build());
        if (id.strategy() == IdSpec.Strategy.SEQUENCE) {
            codec.addMethod(MethodSpec.methodBuilder("sequence")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(Names.SEQUENCE_ALLOCATOR)
                    .addStatement("return sequence")
                    .build());
            // the id goes through withSequenceId, which the non-blocking routes call with an id they awaited
            codec.addMethod(MethodSpec.methodBuilder("withNewId")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(model.type())
                    .addParameter(model.type(), "entity")
                    .addStatement("return withSequenceId(entity, sequence.next())")
                    .build());
            codec.addMethod(withId(id, MethodSpec.methodBuilder("withSequenceId")
                    .addParameter(model.type(), "entity")
                    .addParameter(long.class, "id"), CodecContext.isInt(property)
                            ? CodeBlock.of("$T.toIntExact(id)", Math.class) : CodeBlock.of("id")));
        } else {
            codec.addMethod(withNewId(id));
        }
        codec.addMethod(forgetAssignedId(id));
        codec.addMethod(idToBson(id));
    }

    private MethodSpec withNewId(IdSpec id) {
        MethodSpec.Builder method = MethodSpec.methodBuilder("withNewId")
                .addParameter(model.type(), "entity");
        CodeBlock newId = newId(id);
        if (newId == null) {
            return method.addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(model.type())
                    .addStatement("throw new $T($S)", IllegalStateException.class, "The id of " + context.entity
                    + " is set by the application; keysmith makes no ids for it").build();
        }
        return withId(id, method, newId);
    }

    /** {@code method} (named, with its parameters) completed to return {@code entity} with the id {@code newId}. */
    private MethodSpec withId(IdSpec id, MethodSpec.Builder method, CodeBlock newId) {
        Property property = id.property();
        method.addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(model.type());
        if (!(property.write() instanceof Access.ConstructorParameter)) {
            return method.addStatement(CodecContext.assign("entity", property, newId))
                    .addStatement("return entity")
                    .build();
        }
        List<CodeBlock> arguments = new ArrayList<>();
        for (String name : model.creator().order()) {
            arguments.add(name.equals(property.javaName()) ? newId
                    : model.creator().unstored().containsKey(name) ? CodeBlock.of("entity.$N()", name)
                    : CodecContext.read("entity", context.property(name)));
        }
        List<Property> setAfterwards = model.allProperties().stream()
                .filter(other -> other.write() instanceof Access.Field || other.write() instanceof Access.Method
                        || other.write() instanceof Access.SubtypeField)
                .toList();
        if (setAfterwards.isEmpty()) {
            return method.addStatement("return $L", context.create(CodeBlock.join(arguments, ", "))).build();
        }
        method.addStatement("$T copy = $L", model.type(), context.create(CodeBlock.join(arguments, ", ")));
        for (Property other : setAfterwards) {
            method.addStatement(CodecContext.assign("copy", other, CodecContext.read("entity", other)));
        }
        return method.addStatement("return copy").build();
    }

    /** Sets an id assigned in place back to absent; nothing for types rebuilt through a constructor. */
    private MethodSpec forgetAssignedId(IdSpec id) {
        Property property = id.property();
        MethodSpec.Builder method = MethodSpec.methodBuilder("forgetAssignedId")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .addParameter(model.type(), "entity");
        if (model.creator().creation() == TypeModel.Creation.INSTANCE) {
            method.addStatement(CodecContext.assign("entity", property,
                    CodeBlock.of(property.type().primitive() ? "0" : "null")));
        }
        return method.build();
    }

    /** A fresh id by the strategy, or null for assigned ids. */
    private static CodeBlock newId(IdSpec id) {
        boolean string = id.property().type() instanceof ValueType.Scalar scalar
                && scalar.kind() == ScalarKind.STRING;
        return switch (id.strategy()) {
            case OBJECT_ID -> string ? CodeBlock.of("ids.objectId().toHexString()") : CodeBlock.of("ids.objectId()");
            case UUID -> {
                String method = ((IdSpec.UuidSettings) id.settings()).timeOrdered() ? "timeOrderedUuid" : "randomUuid";
                yield string ? CodeBlock.of("ids.$L().toString()", method) : CodeBlock.of("ids.$L()", method);
            }
            case RANDOM -> CodeBlock.of("ids.randomId($L)", ((IdSpec.RandomSettings) id.settings()).digits());
            case SEQUENCE -> throw new IllegalStateException("sequence ids go through withSequenceId");
            case ASSIGNED -> null;
        };
    }

    private MethodSpec idToBson(IdSpec id) {
        Property property = id.property();
        TypeName boxed = property.type().javaType().box();
        MethodSpec.Builder method = MethodSpec.methodBuilder("idToBson")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(Names.BSON_VALUE)
                .addParameter(Object.class, "id");
        TypeName erased = boxed instanceof ParameterizedTypeName parameterized ? parameterized.rawType() : boxed;
        method.beginControlFlow("if (id instanceof $T typed)", erased);
        CodeBlock direct = directBsonValue(property, CodeBlock.of("typed"));
        if (direct != null) {
            method.addStatement("return $L", direct);
        } else {
            CodeBlock.Builder code = CodeBlock.builder();
            code.addStatement("$T document = new $T()", Names.BSON_DOCUMENT, Names.BSON_DOCUMENT);
            code.addStatement("$T writer = new $T(document)", Names.BSON_DOCUMENT_WRITER,
                    Names.BSON_DOCUMENT_WRITER);
            if (context.hasCodecs()) {
                code.addStatement("$T encoderContext = $T.builder().build()", Names.ENCODER_CONTEXT,
                        Names.ENCODER_CONTEXT);
            }
            code.addStatement("writer.writeStartDocument()");
            encoding.writeProperty(code, property, CodeBlock.of("typed"));
            code.addStatement("writer.writeEndDocument()");
            code.addStatement("return document.get($S)", "_id");
            method.addCode(code.build());
        }
        method.endControlFlow();
        method.addStatement("throw $T.wrongIdType($S, $S, id)", Names.CODEC_SUPPORT, context.entity,
                article(((ClassName) erased).simpleName()));
        return method.build();
    }

    private CodeBlock directBsonValue(Property property, CodeBlock value) {
        if (!(property.type() instanceof ValueType.Scalar scalar)) {
            return null;
        }
        return context.values.idValue(scalar.kind(), context.form(property), value);
    }

    /** "an ObjectId", "a String". */
    private static String article(String noun) {
        return ("AEIOU".indexOf(Character.toUpperCase(noun.charAt(0))) >= 0 ? "an " : "a ") + noun;
    }
}
