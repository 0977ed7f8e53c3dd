package dev.keysmith.processor.writing;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import com.palantir.javapoet.WildcardTypeName;
import dev.keysmith.processor.model.IdSpec;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes the codec of one entity or embedded type (and, when asked, its {@code ServiceLoader} factory) from the
 * model alone.
 *
 * <p>How the parts fit: a {@link CodecContext} holds what every part needs (the model, the codecs the codec
 * caches, the helper methods added on the way, the names of locals). This class writes the frame: the class,
 * its fields and constructor, {@code getEncoderClass}, the cached codecs' getters and the factory. The methods
 * between come from one writer each, in this order: {@link EncodeWriter} ({@code encode}), a
 * {@link DecodeWriter} ({@code decode}: {@link InstanceDecodeWriter} or {@link CreatorDecodeWriter}, by how the
 * type is created) and, for entities, {@link IdMethodsWriter}. {@link ValueCode} writes single values for all of
 * them. The private helpers they add come last, in the order they were added.
 *
 * <p>Thread-safe (each call writes from its own state).
 */
public final class CodecWriter {

    private final boolean factories;

    /** @param factories whether each codec gets a nested {@code Factory} for {@code ServiceLoader} */
    public CodecWriter(boolean factories) {
        this.factories = factories;
    }

    /** The factory's name as {@code ServiceLoader} needs it ({@code Person_KeysmithCodec$Factory}). */
    public static String factoryBinaryName(TypeModel model) {
        return model.codec().reflectionName() + "$Factory";
    }

    public JavaFile write(TypeModel model) {
        CodecContext context = new CodecContext(model);
        TypeSpec.Builder codec = TypeSpec.classBuilder(model.codec())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addOriginatingElement(model.element())
                .addTypeVariables(model.typeVariables())
                .addAnnotation(Names.GENERATED);
        IdSpec id = model.id();
        codec.addSuperinterface(ParameterizedTypeName.get(model.embedded() ? Names.CODEC : Names.ENTITY_CODEC,
                model.typeWithVariables()));
        for (Map.Entry<String, ValueType.Polymorphic> polymorphic : context.polymorphicTypes.entrySet()) {
            codec.addField(classesField(polymorphic.getKey(), polymorphic.getValue()));
        }
        addFieldsAndConstructor(context, codec, id);
        codec.addMethod(encoderClass(model));
        EncodeWriter encoding = new EncodeWriter(context);
        IdMethodsWriter idMethods = new IdMethodsWriter(context, encoding);
        if (id != null) {
            idMethods.addEntityFacts(codec, id);
        }
        codec.addMethod(encoding.encode());
        codec.addMethod(DecodeWriter.of(context).decode());
        if (id != null) {
            idMethods.addIdMethods(codec, id);
        }
        for (Map.Entry<TypeName, String> codecMethod : context.codecMethods.entrySet()) {
            codec.addMethod(cachedCodec(context, codecMethod.getKey(), codecMethod.getValue()));
        }
        if (context.codecMethods.containsKey(Names.DBREF)) {
            codec.addMethod(readDbRef(context));
        }
        codec.addMethods(context.helpers);
        if (factories && model.typeVariables().isEmpty()) {
            // A generic type has no factory: its codec needs the codecs of its type arguments, which the
            // codecs of the types that hold it give; a raw use is left to the registry's next provider.
            codec.addType(factory(model));
        }
        return JavaFile.builder(model.codec().packageName(), codec.build())
                .skipJavaLangImports(true)
                .build();
    }

    private static MethodSpec encoderClass(TypeModel model) {
        MethodSpec.Builder method = MethodSpec.methodBuilder("getEncoderClass")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(Class.class), model.typeWithVariables()));
        if (model.typeVariables().isEmpty()) {
            return method.addStatement("return $T.class", model.type()).build();
        }
        // Java has no class literal of Range<T>; the class is the same for every type argument.
        return method.addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                        .addMember("value", "$S", "unchecked").build())
                .addStatement("return ($T) ($T) $T.class", ParameterizedTypeName.get(ClassName.get(Class.class),
                        model.typeWithVariables()), ParameterizedTypeName.get(ClassName.get(Class.class),
                        WildcardTypeName.subtypeOf(Object.class)), model.type())
                .build();
    }

    private static FieldSpec classesField(String name, ValueType.Polymorphic type) {
        List<CodeBlock> entries = new ArrayList<>();
        for (Map.Entry<String, ClassName> entry : type.classes().entrySet()) {
            entries.add(CodeBlock.of("$T.entry($S, $T.class)", Map.class, entry.getKey(), entry.getValue()));
        }
        TypeName classType = ParameterizedTypeName.get(ClassName.get(Class.class),
                WildcardTypeName.subtypeOf(Object.class));
        return FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class),
                        classType), name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The classes of {@link $T} values, by the discriminator '$L'.\n", type.javaType(),
                        type.key())
                .initializer("$T.ofEntries($L)", Map.class, CodeBlock.join(entries, ", "))
                .build();
    }

    private static void addFieldsAndConstructor(CodecContext context, TypeSpec.Builder codec, IdSpec id) {
        TypeModel model = context.model;
        MethodSpec.Builder constructor = MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PUBLIC)
                .addParameter(Names.CODEC_REGISTRY, "registry");
        if (model.typeVariables().isEmpty()) {
            constructor.addParameter(Names.ID_GENERATORS, "ids");
        } else {
            constructor.addJavadoc("@param registry where the codecs of other types are found\n");
        }
        for (TypeVariableName variable : model.typeVariables()) {
            // The codec of the type argument, as the codec of the type that holds this one resolved it.
            String field = ValueCode.codecField(variable);
            constructor.addJavadoc("@param $N the codec of the type argument for {@code $L}\n", field,
                    variable.name());
            codec.addField(ParameterizedTypeName.get(Names.CODEC, variable), field, Modifier.PRIVATE,
                    Modifier.FINAL);
            constructor.addParameter(ParameterizedTypeName.get(Names.CODEC, variable), field);
            constructor.addStatement("this.$N = $N", field, field);
        }
        if (context.needsRegistry || !context.codecMethods.isEmpty()) {
            codec.addField(Names.CODEC_REGISTRY, "registry", Modifier.PRIVATE, Modifier.FINAL);
            constructor.addStatement("this.registry = registry");
        }
        if (id != null) {
            switch (id.strategy()) {
                case OBJECT_ID, UUID, RANDOM -> {
                    codec.addField(Names.ID_GENERATORS, "ids", Modifier.PRIVATE, Modifier.FINAL);
                    constructor.addStatement("this.ids = ids");
                }
                case SEQUENCE -> {
                    IdSpec.SequenceSettings sequence = (IdSpec.SequenceSettings) id.settings();
                    codec.addField(Names.SEQUENCE_ALLOCATOR, "sequence", Modifier.PRIVATE, Modifier.FINAL);
                    constructor.addStatement("this.sequence = ids.sequence(new $T($S, $L, $L, $L, $L, $LL, $L))",
                            Names.SEQUENCE_SPEC, sequence.name(), sequence.batch(), sequence.prefetch(),
                            sequence.counters(), sequence.digits(), sequence.start(),
                            CodecContext.isInt(id.property()));
                }
                default -> {
                }
            }
        }
        for (Map.Entry<TypeName, String> codecMethod : context.codecMethods.entrySet()) {
            codec.addField(FieldSpec.builder(ParameterizedTypeName.get(Names.CODEC, codecMethod.getKey()),
                    codecMethod.getValue(), Modifier.PRIVATE).build());
        }
        codec.addMethod(constructor.build());
    }

    private static MethodSpec readDbRef(CodecContext context) {
        return MethodSpec.methodBuilder("readDbRef")
                .addModifiers(Modifier.PRIVATE)
                .returns(Names.DBREF)
                .addParameter(Names.BSON_READER, "reader")
                .addParameter(Names.DECODER_CONTEXT, "decoderContext")
                .addParameter(String.class, "field")
                .addStatement("$T document = $T.decode($N(), reader, decoderContext, $S, field)", Names.DOCUMENT,
                        Names.CODEC_SUPPORT, context.codecMethods.get(Names.DOCUMENT), context.entity)
                .beginControlFlow("if (document == null)")
                .addStatement("return null")
                .endControlFlow()
                .beginControlFlow("if (!(document.get($S) instanceof String ref) || !document.containsKey($S))",
                        "$ref", "$id")
                .addStatement("throw new $T($S, field, $S + document.toJson())", Names.ENTITY_DECODING_EXCEPTION,
                        context.entity, "expected a DBRef with $ref and $id but found ")
                .endControlFlow()
                .addStatement("return new $T(document.getString($S), ref, document.get($S))", Names.DBREF, "$db",
                        "$id")
                .build();
    }

    private static MethodSpec cachedCodec(CodecContext context, TypeName type, String name) {
        TypeName codecType = ParameterizedTypeName.get(Names.CODEC, type);
        // Looked up on first use rather than in the constructor, so that codecs that refer to each other can be
        // created in any order; a race only looks it up twice.
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE)
                .returns(codecType)
                .addStatement("$T codec = $N", codecType, name)
                .beginControlFlow("if (codec == null)")
                .addStatement("codec = $L", context.codecCreations.getOrDefault(type,
                        CodeBlock.of("registry.get($T.class)", type)))
                .addStatement("$N = codec", name)
                .endControlFlow()
                .addStatement("return codec")
                .build();
    }

    private static TypeSpec factory(TypeModel model) {
        return TypeSpec.classBuilder("Factory")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addSuperinterface(Names.GENERATED_CODEC_FACTORY)
                .addJavadoc("Makes the codec; listed for {@link java.util.ServiceLoader} by the processor.\n")
                .addMethod(MethodSpec.methodBuilder("type")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(ParameterizedTypeName.get(ClassName.get(Class.class), model.type()))
                        .addStatement("return $T.class", model.type())
                        .build())
                .addMethod(MethodSpec.methodBuilder("create")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(model.codec())
                        .addParameter(Names.CODEC_REGISTRY, "registry")
                        .addParameter(Names.ID_GENERATORS, "ids")
                        .addStatement("return new $T(registry, ids)", model.codec())
                        .build())
                .build();
    }
}
