package dev.keysmith.processor.writing;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import com.palantir.javapoet.WildcardTypeName;
import dev.keysmith.processor.model.Access;
import dev.keysmith.processor.model.IdSpec;
import dev.keysmith.processor.model.Property;
import dev.keysmith.processor.model.ScalarKind;
import dev.keysmith.processor.model.TypeModel;
import dev.keysmith.processor.model.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;

/** Writes the codec of one entity or embedded type (and, when asked, its {@code ServiceLoader} factory) from the model
 * alone.
 *
 * <p>Thread-safe (each call writes from its own state).
 */
public final class CodecWriter {

    /** Names the generated methods use for their parameters; a property with one of them gets another local. */
    private static final Set<String> RESERVED = Set.of("reader", "writer", "decoderContext", "encoderContext",
            "value", "entity", "document", "id", "registry", "ids", "sequence", "e", "copy");

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
        return new Writing(model).javaFile();
    }

    /** The state of writing one codec. */
    private final class Writing {

        private final TypeModel model;
        private final String entity;
        private final Map<TypeName, String> codecMethods = new LinkedHashMap<>();
        /** How each codec of {@code codecMethods} is made, by type. */
        private final Map<TypeName, CodeBlock> codecCreations = new LinkedHashMap<>();
        private final ValueCode values;
        private final List<MethodSpec> helpers = new ArrayList<>();
        private boolean needsRegistry;
        private final Map<String, ValueType.Polymorphic> polymorphicTypes = new TreeMap<>();
        /** Names of decode's locals, by Java name (values) and "has " + Java name (presence flags). */
        private final NameAllocator locals = new NameAllocator();

        Writing(TypeModel model) {
            this.model = model;
            this.entity = model.type().simpleName();
            for (Property property : model.allProperties()) {
                if (property.extraElements() != null) {
                    needsRegistry = true;
                } else {
                    collectRegistryTypes(property.type());
                }
            }
            this.values = new ValueCode(entity, codecMethods);
            for (Property property : model.allProperties()) {
                if (property.extraElements() == null) {
                    collectCodecCreations(property.type());
                }
            }
            for (String reserved : RESERVED) {
                locals.newName(reserved, "reserved " + reserved);
            }
            for (Property property : model.allProperties()) {
                String name = property.javaName();
                locals.newName(RESERVED.contains(name) ? name + "Value" : name, name);
            }
            for (Property property : model.allProperties()) {
                locals.newName("has" + capitalized(property.javaName()), "has " + property.javaName());
            }
            locals.newName("fieldName", "field name");
        }

        private void collectRegistryTypes(ValueType type) {
            if (type instanceof ValueType.Parameterized parameterized && !codecMethods.containsKey(type.javaType())) {
                for (ValueType argument : parameterized.arguments()) {
                    collectRegistryTypes(argument);
                }
                addCodecMethod(type.javaType());
            } else if (type instanceof ValueType.FromRegistry && !codecMethods.containsKey(type.javaType())) {
                addCodecMethod(type.javaType());
                if (type.javaType().equals(Names.DBREF) && !codecMethods.containsKey(Names.DOCUMENT)) {
                    // The driver's DBRefCodec only encodes: a DBRef is read as a Document, then converted.
                    codecMethods.put(Names.DOCUMENT, "documentCodec");
                }
            } else if (type instanceof ValueType.Any) {
                needsRegistry = true;
            } else if (type instanceof ValueType.Polymorphic polymorphic) {
                needsRegistry = true;
                polymorphicTypes.putIfAbsent(ValueCode.classesField(polymorphic), polymorphic);
            } else if (type instanceof ValueType.CollectionOf collection) {
                collectRegistryTypes(collection.element());
            } else if (type instanceof ValueType.ArrayOf array) {
                collectRegistryTypes(array.element());
            } else if (type instanceof ValueType.MapOf map) {
                collectRegistryTypes(map.value());
            }
        }

        /** A cached codec for {@code type}, named after it: {@code addressCodec}, {@code rangeOfIntegerCodec}. */
        private void addCodecMethod(TypeName type) {
            String simple = codecNameOf(type);
            String name = Character.toLowerCase(simple.charAt(0)) + simple.substring(1) + "Codec";
            while (codecMethods.containsValue(name)) {
                name = name + "_";
            }
            codecMethods.put(type, name);
        }

        private static String codecNameOf(TypeName type) {
            if (type instanceof ParameterizedTypeName parameterized) {
                return parameterized.rawType().simpleName() + "Of" + String.join("And",
                        parameterized.typeArguments().stream().map(Writing::codecNameOf).toList());
            }
            return type instanceof ClassName className ? className.simpleName() : type.toString();
        }

        /**
         * How the cached codecs are made: from the registry by class, or for a generic type of this compilation,
         * its codec with a codec for each type argument.
         */
        private void collectCodecCreations(ValueType type) {
            if (type instanceof ValueType.Parameterized parameterized) {
                List<CodeBlock> arguments = new ArrayList<>();
                arguments.add(CodeBlock.of("registry"));
                for (ValueType argument : parameterized.arguments()) {
                    collectCodecCreations(argument);
                    arguments.add(values.codec(argument));
                }
                codecCreations.put(type.javaType(), CodeBlock.of("new $T<>($L)", parameterized.codec(),
                        CodeBlock.join(arguments, ", ")));
            } else if (type instanceof ValueType.FromRegistry) {
                codecCreations.put(type.javaType(), CodeBlock.of("registry.get($T.class)", type.javaType()));
            } else if (type instanceof ValueType.CollectionOf collection) {
                collectCodecCreations(collection.element());
            } else if (type instanceof ValueType.ArrayOf array) {
                collectCodecCreations(array.element());
            } else if (type instanceof ValueType.MapOf map) {
                collectCodecCreations(map.value());
            }
        }

        JavaFile javaFile() {
            TypeSpec.Builder codec = TypeSpec.classBuilder(model.codec())
                    .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    .addOriginatingElement(model.element())
                    .addTypeVariables(model.typeVariables())
                    .addAnnotation(Names.GENERATED);
            IdSpec id = model.id();
            codec.addSuperinterface(ParameterizedTypeName.get(model.embedded() ? Names.CODEC : Names.ENTITY_CODEC,
                    model.typeWithVariables()));
            for (Map.Entry<String, ValueType.Polymorphic> polymorphic : polymorphicTypes.entrySet()) {
                codec.addField(classesField(polymorphic.getKey(), polymorphic.getValue()));
            }
            addFieldsAndConstructor(codec, id);
            codec.addMethod(encoderClass());
            if (id != null) {
                addEntityFacts(codec, id);
            }
            codec.addMethod(encode());
            codec.addMethod(decode());
            if (id != null) {
                addIdMethods(codec, id);
            }
            for (Map.Entry<TypeName, String> codecMethod : codecMethods.entrySet()) {
                codec.addMethod(cachedCodec(codecMethod.getKey(), codecMethod.getValue()));
            }
            if (codecMethods.containsKey(Names.DBREF)) {
                codec.addMethod(readDbRef());
            }
            codec.addMethods(helpers);
            if (factories && model.typeVariables().isEmpty()) {
                // A generic type has no factory: its codec needs the codecs of its type arguments, which the
                // codecs of the types that hold it give; a raw use is left to the registry's next provider.
                codec.addType(factory());
            }
            return JavaFile.builder(model.codec().packageName(), codec.build())
                    .skipJavaLangImports(true)
                    .build();
        }

        private MethodSpec encoderClass() {
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

        private FieldSpec classesField(String name, ValueType.Polymorphic type) {
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

        private void addFieldsAndConstructor(TypeSpec.Builder codec, IdSpec id) {
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
            if (needsRegistry || !codecMethods.isEmpty()) {
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
                                sequence.counters(), sequence.digits(), sequence.start(), isInt(id.property()));
                    }
                    default -> {
                    }
                }
            }
            for (Map.Entry<TypeName, String> codecMethod : codecMethods.entrySet()) {
                codec.addField(FieldSpec.builder(ParameterizedTypeName.get(Names.CODEC, codecMethod.getKey()),
                        codecMethod.getValue(), Modifier.PRIVATE).build());
            }
            codec.addMethod(constructor.build());
        }

        private void addEntityFacts(TypeSpec.Builder codec, IdSpec id) {
            codec.addMethod(MethodSpec.methodBuilder("collectionName")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(String.class)
                    .addStatement("return $S", model.collection())
                    .build());
            codec.addMethod(MethodSpec.methodBuilder("idStrategy")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(Names.ID_STRATEGY)
                    .addStatement("return $T.$L", Names.ID_STRATEGY, id.strategy().name())
                    .build());
            int attempts = id.settings() instanceof IdSpec.RandomSettings random ? random.attempts() : 1;
            codec.addMethod(MethodSpec.methodBuilder("insertAttempts")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(int.class)
                    .addStatement("return $L", attempts)
                    .build());
        }

        private MethodSpec encode() {
            CodeBlock.Builder code = CodeBlock.builder();
            code.addStatement("writer.writeStartDocument()");
            List<Property> properties = model.allProperties();
            int afterId = model.id() != null ? 1 : 0;
            for (Property property : properties.subList(0, afterId)) {
                writeProperty(code, property, read("value", property));
            }
            if (model.discriminator() != null) {
                // Right after the id, as the driver's PojoCodec writes it.
                code.addStatement("writer.writeString($S, $S)", model.discriminator().key(),
                        model.discriminator().value());
            }
            for (Property property : properties.subList(afterId, properties.size())) {
                writeProperty(code, property, read("value", property));
            }
            code.addStatement("writer.writeEndDocument()");
            return MethodSpec.methodBuilder("encode")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .addParameter(Names.BSON_WRITER, "writer")
                    .addParameter(model.typeWithVariables(), "value")
                    .addParameter(Names.ENCODER_CONTEXT, "encoderContext")
                    .addCode(code.build())
                    .build();
        }

        /** Null values are left out of the document, as the driver's POJO codec does. */
        private void writeProperty(CodeBlock.Builder code, Property property, CodeBlock value) {
            ValueType type = property.type();
            if (type.primitive()) {
                code.addStatement(values.writeScalar(((ValueType.Scalar) type).kind(), form(property),
                        property.bsonName(), value));
                return;
            }
            code.beginControlFlow("if ($L != null)", value);
            if (property.extraElements() != null) {
                // Inline, where the property would be, as the driver writes them.
                code.addStatement("$T.writeExtraElements(writer, $L, registry, encoderContext)", Names.ENCODE_SUPPORT,
                        value);
            } else if (type instanceof ValueType.Scalar scalar) {
                code.addStatement(values.writeScalar(scalar.kind(), form(property), property.bsonName(), value));
            } else if (ValueCode.hasCodec(type)) {
                code.addStatement("writer.writeName($S)", property.bsonName());
                code.addStatement(values.writeFromRegistry(type, value));
            } else if (type instanceof ValueType.Any || type instanceof ValueType.Polymorphic) {
                code.addStatement("writer.writeName($S)", property.bsonName());
                code.addStatement(values.writeAny(value));
            } else if (isStringCollection(type)) {
                code.addStatement("writer.writeName($S)", property.bsonName());
                code.addStatement("$T.writeStrings(writer, $L)", Names.ENCODE_SUPPORT, value);
            } else {
                code.addStatement("writer.writeName($S)", property.bsonName());
                code.addStatement("$N(writer, $L, encoderContext)", containerWriter(property), value);
            }
            code.endControlFlow();
        }

        private String containerWriter(Property property) {
            String name = "write" + capitalized(property.javaName());
            CodeBlock.Builder code = CodeBlock.builder();
            values.writeContainer(code, property.type(), CodeBlock.of("value"), 0);
            helpers.add(MethodSpec.methodBuilder(name)
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(Names.BSON_WRITER, "writer")
                    .addParameter(property.type().javaType(), "value")
                    .addParameter(Names.ENCODER_CONTEXT, "encoderContext")
                    .addCode(code.build())
                    .build());
            return name;
        }

        private MethodSpec decode() {
            CodeBlock.Builder code = CodeBlock.builder();
            boolean instance = model.creation() == TypeModel.Creation.INSTANCE;
            // Read-only properties (a getter alone) are written but never read back: the default skips them.
            List<Property> properties = model.allProperties().stream()
                    .filter(property -> !(property.write() instanceof Access.ReadOnly))
                    .toList();
            Property extra = properties.stream().filter(property -> property.extraElements() != null
                    && !(property.write() instanceof Access.None)).findFirst().orElse(null);
            if (instance) {
                code.addStatement("$T value = new $T$L()", model.typeWithVariables(), model.type(), diamond());
                if (extra != null) {
                    code.addStatement("$T $N = null", extra.type().javaType(), local(extra));
                }
            } else {
                for (Property property : properties) {
                    code.addStatement("$T $N = $L", property.type().javaType(), local(property),
                            defaultValue(property.type().javaType()));
                    if (tracksPresence(property)) {
                        code.addStatement("boolean $N = false", presence(property));
                    }
                }
            }
            code.addStatement("reader.readStartDocument()");
            Property idProperty = model.id() == null ? null : model.id().property();
            if (idProperty != null) {
                code.beginControlFlow("try");
            }
            code.beginControlFlow("while (reader.readBsonType() != $T.END_OF_DOCUMENT)", Names.BSON_TYPE);
            if (extra == null) {
                code.beginControlFlow("switch (reader.readName())");
            } else {
                code.addStatement("$T $N = reader.readName()", String.class, locals.get("field name"));
                code.beginControlFlow("switch ($N)", locals.get("field name"));
            }
            for (Property property : properties) {
                if (property == extra) {
                    continue;
                }
                code.add("case $S:\n", property.bsonName()).indent();
                CodeBlock value = readProperty(property);
                if (instance) {
                    code.addStatement(assign("value", property, value));
                } else {
                    code.addStatement("$N = $L", local(property), value);
                    if (tracksPresence(property)) {
                        code.addStatement("$N = true", presence(property));
                    }
                }
                code.addStatement("break").unindent();
            }
            if (extra == null) {
                code.add("default:\n").indent().addStatement("reader.skipValue()").unindent();
            } else {
                // Every field no other property reads, its own name included, as the driver collects them.
                code.add("default:\n").indent();
                code.addStatement("$N = $T.$L($N, $N, reader, registry, decoderContext, $S)", local(extra),
                        Names.CODEC_SUPPORT, switch (extra.extraElements()) {
                            case DOCUMENT -> "extraDocument";
                            case BSON_DOCUMENT -> "extraBsonDocument";
                            case MAP -> "extraMap";
                        }, local(extra), locals.get("field name"), entity);
                if (!instance && tracksPresence(extra)) {
                    code.addStatement("$N = true", presence(extra));
                }
                code.unindent();
            }
            code.endControlFlow();
            code.endControlFlow();
            if (idProperty != null) {
                // Name the document: its _id comes first in what MongoDB stores, so it has been read by now.
                // RuntimeException, not EntityDecodingException: a caught type is loaded when the codec is
                // verified, before its first encode (CodecSupport.withDocumentId).
                code.nextControlFlow("catch ($T e)", RuntimeException.class);
                code.addStatement("throw $T.withDocumentId(e, $L)", Names.CODEC_SUPPORT,
                        instance ? read("value", idProperty) : CodeBlock.of("$N", local(idProperty)));
                code.endControlFlow();
            }
            code.addStatement("reader.readEndDocument()");
            if (instance) {
                if (extra != null) {
                    code.beginControlFlow("if ($N != null)", local(extra));
                    code.addStatement(assign("value", extra, CodeBlock.of("$N", local(extra))));
                    code.endControlFlow();
                }
                code.addStatement("return value");
            } else {
                for (Property property : properties) {
                    if (property.type().primitive() && property.write() instanceof Access.ConstructorParameter) {
                        code.beginControlFlow("if (!$N)", presence(property));
                        code.addStatement("throw $T.missing($S, $S, $S)", Names.CODEC_SUPPORT, entity,
                                property.javaName(), property.bsonName());
                        code.endControlFlow();
                    }
                }
                List<CodeBlock> arguments = new ArrayList<>();
                for (String name : model.constructorOrder()) {
                    TypeName unstored = model.unstored().get(name);
                    arguments.add(unstored != null ? CodeBlock.of("$L", defaultValue(unstored))
                            : CodeBlock.of("$N", local(property(name))));
                }
                List<Property> setAfterwards = properties.stream()
                        .filter(property -> !(property.write() instanceof Access.ConstructorParameter))
                        .toList();
                if (setAfterwards.isEmpty()) {
                    code.addStatement("return $L", create(CodeBlock.join(arguments, ", ")));
                } else {
                    code.addStatement("$T value = $L", model.typeWithVariables(),
                            create(CodeBlock.join(arguments, ", ")));
                    for (Property property : setAfterwards) {
                        code.beginControlFlow("if ($N)", presence(property));
                        code.addStatement(assign("value", property, CodeBlock.of("$N", local(property))));
                        code.endControlFlow();
                    }
                    code.addStatement("return value");
                }
            }
            return MethodSpec.methodBuilder("decode")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(model.typeWithVariables())
                    .addParameter(Names.BSON_READER, "reader")
                    .addParameter(Names.DECODER_CONTEXT, "decoderContext")
                    .addCode(code.build())
                    .build();
        }

        private CodeBlock readProperty(Property property) {
            ValueType type = property.type();
            if (type instanceof ValueType.Scalar scalar) {
                return values.readScalar(scalar, form(property), property.javaName());
            }
            if (ValueCode.hasCodec(type)) {
                return values.readFromRegistry(type, property.javaName());
            }
            if (type instanceof ValueType.Any) {
                return values.readAny(property.javaName());
            }
            if (type instanceof ValueType.Polymorphic polymorphic) {
                return values.readPolymorphic(polymorphic, property.javaName());
            }
            if (isStringCollection(type)) {
                ValueType.CollectionOf collection = (ValueType.CollectionOf) type;
                return CodeBlock.of("$T.readStrings(reader, new $T(), $S, $S)", Names.CODEC_SUPPORT,
                        ParameterizedTypeName.get(collection.implementation(), collection.element().javaType()),
                        entity, property.javaName());
            }
            String name = "read" + capitalized(property.javaName());
            CodeBlock.Builder code = CodeBlock.builder();
            code.beginControlFlow("if (!$L)", values.start(type, property.javaName()));
            code.addStatement("return null");
            code.endControlFlow();
            String result = values.readContainer(code, type, property.javaName(), 0);
            code.addStatement("return $N", result);
            helpers.add(MethodSpec.methodBuilder(name)
                    .addModifiers(Modifier.PRIVATE)
                    .returns(type.javaType())
                    .addParameter(Names.BSON_READER, "reader")
                    .addParameter(Names.DECODER_CONTEXT, "decoderContext")
                    .addCode(code.build())
                    .build());
            return CodeBlock.of("$N(reader, decoderContext)", name);
        }

        /**
         * A collection of strings, the commonest container: written and read by shared methods of the runtime
         * ({@code EncodeSupport.writeStrings}, {@code CodecSupport.readStrings}), not by helpers of its own in every
         * codec.
         */
        private static boolean isStringCollection(ValueType type) {
            return type instanceof ValueType.CollectionOf collection
                    && collection.element() instanceof ValueType.Scalar element && element.kind() == ScalarKind.STRING;
        }

        private void addIdMethods(TypeSpec.Builder codec, IdSpec id) {
            Property property = id.property();
            TypeName document = model.type();
            CodeBlock idValue = read("document", property);
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
                // the id goes through withSequenceId, which the non-blocking routes call with an id they awaited
                codec.addMethod(MethodSpec.methodBuilder("sequence")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(Names.SEQUENCE_ALLOCATOR)
                        .addStatement("return sequence")
                        .build());
                codec.addMethod(MethodSpec.methodBuilder("withNewId")
                        .addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(model.type())
                        .addParameter(model.type(), "entity")
                        .addStatement("return withSequenceId(entity, sequence.next())")
                        .build());
                codec.addMethod(withId(id, MethodSpec.methodBuilder("withSequenceId")
                        .addParameter(model.type(), "entity")
                        .addParameter(long.class, "id"), isInt(property)
                                ? CodeBlock.of("$T.toIntExact(id)", Math.class) : CodeBlock.of("id")));
            } else {
                codec.addMethod(withNewId(id));
            }
            codec.addMethod(forgetAssignedId(id));
            codec.addMethod(idToBson(id));
        }

        /** {@code new T(arguments)}, or the static {@code @BsonCreator} method's call. */
        private CodeBlock create(CodeBlock arguments) {
            if (model.factoryMethod() != null) {
                return CodeBlock.of("$T.$N($L)", model.type(), model.factoryMethod(), arguments);
            }
            return CodeBlock.of("new $T$L($L)", model.type(), diamond(), arguments);
        }

        /** {@code <>} after {@code new Range} for a generic type. */
        private String diamond() {
            return model.typeVariables().isEmpty() ? "" : "<>";
        }

        /**
         * Whether decode records that the property was present: a primitive passed to a constructor must be, and
         * a property set after a {@code @BsonCreator} is set only when present, as the driver does.
         */
        private boolean tracksPresence(Property property) {
            return property.type().primitive() || !(property.write() instanceof Access.ConstructorParameter);
        }

        private MethodSpec withNewId(IdSpec id) {
            MethodSpec.Builder method = MethodSpec.methodBuilder("withNewId")
                    .addParameter(model.type(), "entity");
            CodeBlock newId = newId(id);
            if (newId == null) {
                return method.addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .returns(model.type())
                        .addStatement("throw new $T($S)", IllegalStateException.class, "The id of " + entity
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
                return method.addStatement(assign("entity", property, newId))
                        .addStatement("return entity")
                        .build();
            }
            List<CodeBlock> arguments = new ArrayList<>();
            for (String name : model.constructorOrder()) {
                arguments.add(name.equals(property.javaName()) ? newId
                        : model.unstored().containsKey(name) ? CodeBlock.of("entity.$N()", name)
                        : read("entity", property(name)));
            }
            List<Property> setAfterwards = model.allProperties().stream()
                    .filter(other -> other.write() instanceof Access.Field || other.write() instanceof Access.Method)
                    .toList();
            if (setAfterwards.isEmpty()) {
                return method.addStatement("return $L", create(CodeBlock.join(arguments, ", "))).build();
            }
            method.addStatement("$T copy = $L", model.type(), create(CodeBlock.join(arguments, ", ")));
            for (Property other : setAfterwards) {
                method.addStatement(assign("copy", other, read("entity", other)));
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
            if (model.creation() == TypeModel.Creation.INSTANCE) {
                method.addStatement(assign("entity", property,
                        CodeBlock.of(property.type().primitive() ? "0" : "null")));
            }
            return method.build();
        }

        /** A fresh id by the strategy, or null for assigned ids. */
        private CodeBlock newId(IdSpec id) {
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
                if (!codecMethods.isEmpty()) {
                    code.addStatement("$T encoderContext = $T.builder().build()", Names.ENCODER_CONTEXT,
                            Names.ENCODER_CONTEXT);
                }
                code.addStatement("writer.writeStartDocument()");
                writeProperty(code, property, CodeBlock.of("typed"));
                code.addStatement("writer.writeEndDocument()");
                code.addStatement("return document.get($S)", "_id");
                method.addCode(code.build());
            }
            method.endControlFlow();
            method.addStatement("throw $T.wrongIdType($S, $S, id)", Names.CODEC_SUPPORT, entity,
                    article(((ClassName) erased).simpleName()));
            return method.build();
        }

        private CodeBlock directBsonValue(Property property, CodeBlock value) {
            if (!(property.type() instanceof ValueType.Scalar scalar)) {
                return null;
            }
            return switch (scalar.kind()) {
                case OBJECT_ID -> CodeBlock.of("new $T($L)", Names.BSON_OBJECT_ID, value);
                case UUID -> CodeBlock.of("$T.toBinary($L)", Names.UUIDS, value);
                case LONG -> CodeBlock.of("new $T($L)", Names.BSON_INT64, value);
                case INT -> CodeBlock.of("new $T($L)", Names.BSON_INT32, value);
                case STRING -> switch (form(property)) {
                    case OBJECT_ID_HEX -> CodeBlock.of("new $T($T.parseObjectIdHex($L, $S))", Names.BSON_OBJECT_ID,
                            Names.ENCODE_SUPPORT, value, entity);
                    case UUID_STRING -> CodeBlock.of("$T.toBinary($T.parseUuid($L, $S))", Names.UUIDS,
                            Names.ENCODE_SUPPORT, value, entity);
                    case PLAIN -> CodeBlock.of("new $T($L)", Names.BSON_STRING, value);
                };
                default -> null;
            };
        }

        private MethodSpec readDbRef() {
            return MethodSpec.methodBuilder("readDbRef")
                    .addModifiers(Modifier.PRIVATE)
                    .returns(Names.DBREF)
                    .addParameter(Names.BSON_READER, "reader")
                    .addParameter(Names.DECODER_CONTEXT, "decoderContext")
                    .addParameter(String.class, "field")
                    .addStatement("$T document = $T.decode($N(), reader, decoderContext, $S, field)", Names.DOCUMENT,
                            Names.CODEC_SUPPORT, codecMethods.get(Names.DOCUMENT), entity)
                    .beginControlFlow("if (document == null)")
                    .addStatement("return null")
                    .endControlFlow()
                    .beginControlFlow("if (!(document.get($S) instanceof String ref) || !document.containsKey($S))",
                            "$ref", "$id")
                    .addStatement("throw new $T($S, field, $S + document.toJson())", Names.ENTITY_DECODING_EXCEPTION,
                            entity, "expected a DBRef with $ref and $id but found ")
                    .endControlFlow()
                    .addStatement("return new $T(document.getString($S), ref, document.get($S))", Names.DBREF, "$db",
                            "$id")
                    .build();
        }

        private MethodSpec cachedCodec(TypeName type, String name) {
            TypeName codecType = ParameterizedTypeName.get(Names.CODEC, type);
            // Looked up on first use rather than in the constructor, so that codecs that refer to each other can be
            // created in any order; a race only looks it up twice.
            return MethodSpec.methodBuilder(name)
                    .addModifiers(Modifier.PRIVATE)
                    .returns(codecType)
                    .addStatement("$T codec = $N", codecType, name)
                    .beginControlFlow("if (codec == null)")
                    .addStatement("codec = $L", codecCreations.getOrDefault(type,
                            CodeBlock.of("registry.get($T.class)", type)))
                    .addStatement("$N = codec", name)
                    .endControlFlow()
                    .addStatement("return codec")
                    .build();
        }

        private TypeSpec factory() {
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

        private ValueCode.Form form(Property property) {
            if (property.objectIdString()) {
                return ValueCode.Form.OBJECT_ID_HEX;
            }
            IdSpec id = model.id();
            if (id == null || property != id.property()) {
                return ValueCode.Form.PLAIN;
            }
            return switch (id.strategy()) {
                case OBJECT_ID -> ValueCode.Form.OBJECT_ID_HEX;
                case UUID -> ValueCode.Form.UUID_STRING;
                default -> ValueCode.Form.PLAIN;
            };
        }

        private Property property(String javaName) {
            for (Property property : model.allProperties()) {
                if (property.javaName().equals(javaName)) {
                    return property;
                }
            }
            throw new IllegalStateException("no property " + javaName);
        }

        private static CodeBlock read(String receiver, Property property) {
            if (property.read() instanceof Access.Method method) {
                return CodeBlock.of("$N.$N()", receiver, method.name());
            }
            if (property.read() instanceof Access.CovariantGetter getter) {
                return CodeBlock.of("(($T) $N.$N())", property.type().javaType(), receiver, getter.name());
            }
            return CodeBlock.of("$N.$N", receiver, ((Access.Field) property.read()).name());
        }

        private static CodeBlock assign(String receiver, Property property, CodeBlock value) {
            if (property.write() instanceof Access.Method method) {
                return CodeBlock.of("$N.$N($L)", receiver, method.name(), value);
            }
            return CodeBlock.of("$N.$N = $L", receiver, ((Access.Field) property.write()).name(), value);
        }

        private String local(Property property) {
            return locals.get(property.javaName());
        }

        private String presence(Property property) {
            return locals.get("has " + property.javaName());
        }

        private static String defaultValue(TypeName type) {
            if (!type.isPrimitive()) {
                return "null";
            }
            return type.equals(TypeName.BOOLEAN) ? "false" : "0";
        }

        private static boolean isInt(Property property) {
            TypeName type = property.type().javaType();
            return type.equals(TypeName.INT) || type.equals(TypeName.INT.box());
        }

        /** "an ObjectId", "a String". */
        private static String article(String noun) {
            return ("AEIOU".indexOf(Character.toUpperCase(noun.charAt(0))) >= 0 ? "an " : "a ") + noun;
        }

        private static String capitalized(String name) {
            return Character.toUpperCase(name.charAt(0)) + name.substring(1);
        }
    }
}
