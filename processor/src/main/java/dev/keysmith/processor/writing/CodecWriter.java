package dev.keysmith.processor.writing;

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
 * which extends the runtime's {@code GeneratedCodec} or {@code GeneratedEntityCodec} (they answer
 * {@code getEncoderClass}, the entity's facts and keep the codecs of classes, given to their constructor), its
 * fields and constructor, the cached codecs of generic types and the factory. The methods
 * between come from one writer each, in this order: {@link EncodeWriter} ({@code encode}), a
 * {@link DecodeWriter} ({@code decode}: {@link InstanceDecodeWriter} or {@link CreatorDecodeWriter}, by how the
 * type is created) and, for entities, {@link IdMethodsWriter}. {@link ValueCode} writes single values for all of
 * them. The private helpers they add come last, in the order they were added.
 *
 * <p>Thread-safe (each call writes from its own state).
 */
public final class CodecWriter {

    /** The constant that names how many codecs of other classes the base class keeps ({@code codec(slot, type)}). */
    static final String CODEC_SLOTS = "CODEC_SLOTS";
    /** The constant that names how many ids an insert tries. */
    static final String INSERT_ATTEMPTS = "INSERT_ATTEMPTS";

    /**
     * What {@code SequenceSpec.of(name)} sets, which the generated chain leaves out (the processor cannot load the
     * runtime; {@code ProcessorBehaviourTest} holds them equal through the allocator a generated codec opens).
     */
    private static final class SequenceDefaults {
        static final int BATCH = 50;
        static final boolean PREFETCH = true;
        static final int COUNTERS = 1;
        static final int DIGITS = 0;
        static final long START = 1;
        static final boolean INT_ID = false;
    }

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
        if (model.subclasses() != null) {
            return JavaFile.builder(model.codec().packageName(), subclassesCodec(model)).skipJavaLangImports(true)
                    .build();
        }
        CodecContext context = new CodecContext(model);
        TypeSpec.Builder codec = TypeSpec.classBuilder(model.codec())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addOriginatingElement(model.element())
                .addTypeVariables(model.typeVariables())
                .addAnnotation(Names.GENERATED);
        IdSpec id = model.id();
        ClassName base = model.embedded() ? Names.GENERATED_CODEC
                : model.withoutId() ? Names.GENERATED_STORED_CODEC : Names.GENERATED_ENTITY_CODEC;
        codec.superclass(ParameterizedTypeName.get(base, model.typeWithVariables()));
        if (id != null) {
            codec.addField(insertAttempts(id));
        }
        codec.addField(FieldSpec.builder(int.class, CODEC_SLOTS, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", context.registryCodecs.size())
                .build());
        for (Map.Entry<String, ValueType.Polymorphic> polymorphic : context.polymorphicTypes.entrySet()) {
            codec.addField(classesField(polymorphic.getKey(), polymorphic.getValue()));
        }
        addFieldsAndConstructor(context, codec, id);
        EncodeWriter encoding = new EncodeWriter(context);
        codec.addMethod(encoding.encode());
        codec.addMethod(DecodeWriter.of(context).decode());
        if (id != null) {
            new IdMethodsWriter(context, encoding).addIdMethods(codec, id);
        }
        for (Map.Entry<TypeName, String> codecMethod : context.codecMethods.entrySet()) {
            codec.addMethod(cachedCodec(context, codecMethod.getKey(), codecMethod.getValue()));
        }
        if (context.registryCodecs.containsKey(Names.DBREF)) {
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

    /**
     * The codec of an abstract {@code @Document} class whose collection holds its subclasses: a constructor that
     * gives the runtime's base class the collection, the id's facts and the subclasses by discriminator value.
     */
    private TypeSpec subclassesCodec(TypeModel model) {
        ValueType.Polymorphic subclasses = model.subclasses();
        String classes = ValueCode.classesField(subclasses);
        MethodSpec.Builder constructor = MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PUBLIC)
                .addParameter(Names.CODEC_REGISTRY, "registry")
                .addParameter(Names.ID_GENERATORS, "ids");
        ClassName base;
        if (model.id() == null) {
            base = Names.DISCRIMINATED_STORED_CODEC;
            constructor.addStatement("super($T.class, $S, registry, $S, $N)", model.type(), model.collection(),
                    subclasses.key(), classes);
        } else {
            base = Names.DISCRIMINATED_ENTITY_CODEC;
            IdSpec id = model.id();
            constructor.addStatement("super($T.class, $S, $T.$L, $N, registry, ids, $S, $N)", model.type(),
                    model.collection(), Names.ID_STRATEGY, id.strategy().name(), INSERT_ATTEMPTS, subclasses.key(),
                    classes);
        }
        TypeSpec.Builder codec = TypeSpec.classBuilder(model.codec())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addOriginatingElement(model.element())
                .addAnnotation(Names.GENERATED)
                .superclass(ParameterizedTypeName.get(base, model.type()));
        if (model.id() != null) {
            codec.addField(insertAttempts(model.id()));
        }
        codec.addField(classesField(classes, subclasses))
                .addMethod(constructor.build());
        if (factories) {
            codec.addType(factory(model));
        }
        return codec.build();
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
        // The facts the base class answers with: the class (raw for a generic type: Java has no class literal of
        // Range<T>), for an entity its collection, strategy and insert attempts, and the slots of its codecs; the
        // numbers by the names of the constants above.
        if (model.embedded()) {
            constructor.addStatement("super($T.class, registry, $N)", model.type(), CODEC_SLOTS);
        } else if (model.withoutId()) {
            constructor.addStatement("super($T.class, $S, registry, $N)", model.type(), model.collection(),
                    CODEC_SLOTS);
        } else {
            constructor.addStatement("super($T.class, $S, $T.$L, $N, registry, ids, $N)", model.type(),
                    model.collection(), Names.ID_STRATEGY, id.strategy().name(), INSERT_ATTEMPTS, CODEC_SLOTS);
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
        if (id != null && id.settings() instanceof IdSpec.SequenceSettings sequence) {
            codec.addField(Names.SEQUENCE_ALLOCATOR, "sequence", Modifier.PRIVATE, Modifier.FINAL);
            constructor.addStatement("this.sequence = ids.sequence($L)",
                    sequenceSpec(sequence, CodecContext.isInt(id.property())));
        }
        for (Map.Entry<TypeName, String> codecMethod : context.codecMethods.entrySet()) {
            codec.addField(FieldSpec.builder(ParameterizedTypeName.get(Names.CODEC, codecMethod.getKey()),
                    codecMethod.getValue(), Modifier.PRIVATE).build());
        }
        codec.addMethod(constructor.build());
    }

    /**
     * {@code private static final int INSERT_ATTEMPTS = 1;}: how many ids an insert tries
     * ({@code @RandomId(attempts)}, else 1), named where the base class's constructor takes it.
     */
    private static FieldSpec insertAttempts(IdSpec id) {
        int attempts = id.settings() instanceof IdSpec.RandomSettings random ? random.attempts() : 1;
        return FieldSpec.builder(int.class, INSERT_ATTEMPTS, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", attempts)
                .build();
    }

    /**
     * {@code SequenceSpec.of("invoice").withBatch(100)}: the settings that differ from {@code SequenceSpec.of}'s
     * defaults, each by its wither. The order keeps every step valid where the whole is (the runtime checks each
     * step): the start before the id type, both before the digits, which may bound the start.
     */
    static CodeBlock sequenceSpec(IdSpec.SequenceSettings sequence, boolean intId) {
        CodeBlock.Builder spec = CodeBlock.builder().add("$T.of($S)", Names.SEQUENCE_SPEC, sequence.name());
        if (sequence.batch() != SequenceDefaults.BATCH) {
            spec.add(".withBatch($L)", sequence.batch());
        }
        if (sequence.prefetch() != SequenceDefaults.PREFETCH) {
            spec.add(".withPrefetch($L)", sequence.prefetch());
        }
        if (sequence.start() != SequenceDefaults.START) {
            spec.add(".withStart($LL)", sequence.start());
        }
        if (intId != SequenceDefaults.INT_ID) {
            spec.add(".withIntIds($L)", intId);
        }
        if (sequence.counters() != SequenceDefaults.COUNTERS) {
            spec.add(".withCounters($L, $L)", sequence.counters(), sequence.digits());
        } else if (sequence.digits() != SequenceDefaults.DIGITS) {
            spec.add(".withDigits($L)", sequence.digits());
        }
        return spec.build();
    }

    private static MethodSpec readDbRef(CodecContext context) {
        return MethodSpec.methodBuilder("readDbRef")
                .addModifiers(Modifier.PRIVATE)
                .returns(Names.DBREF)
                .addParameter(Names.BSON_READER, "reader")
                .addParameter(Names.DECODER_CONTEXT, "decoderContext")
                .addParameter(String.class, "field")
                .addStatement("$T document = $T.decode($L, reader, decoderContext, $S, field)", Names.DOCUMENT,
                        Names.CODEC_SUPPORT, context.values.codec(Names.DOCUMENT), context.entity)
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
        // Made on first use rather than in the constructor, as the base class's codecs of classes are: codecs
        // that refer to each other can be created in any order; a race only makes it twice.
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE)
                .returns(codecType)
                .addStatement("$T codec = $N", codecType, name)
                .beginControlFlow("if (codec == null)")
                .addStatement("codec = $L", context.codecCreations.get(type))
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
