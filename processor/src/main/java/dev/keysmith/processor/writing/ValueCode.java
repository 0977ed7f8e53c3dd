package dev.keysmith.processor.writing;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import dev.keysmith.processor.model.ScalarKind;
import dev.keysmith.processor.model.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The statements and expressions that write and read one value of a {@link ValueType}: direct
 * {@code BsonWriter}/{@code BsonReader} calls for scalars, loops for containers, a cached codec for the rest.
 *
 * <p>How its parts fit: scalars first ({@code writeScalar}, the shared {@code writeNullableScalar} of a property
 * that may be null, {@code readScalar}); then values coded through a codec ({@code codec}: the base class's slot
 * of a class, the getter of a generic type, the constructor's codec of a type variable); then values of any class
 * and polymorphic ones (through the registry); then containers, written and read by nested loops
 * ({@code writeContainer}, {@code readContainer}) that call back into the parts above for their elements.
 * {@link EncodeWriter} and {@link DecodeWriter} decide which to use for a property.
 */
final class ValueCode {

    private final String entity;
    private final Map<TypeName, String> codecMethods;
    private final Map<TypeName, Integer> registryCodecs;

    /**
     * @param entity the simple name of the type, for decoding errors
     * @param codecMethods the method that returns the cached codec of each generic type
     * @param registryCodecs the base class's slot for the codec of each class coded through the registry
     */
    ValueCode(String entity, Map<TypeName, String> codecMethods, Map<TypeName, Integer> registryCodecs) {
        this.entity = entity;
        this.codecMethods = codecMethods;
        this.registryCodecs = registryCodecs;
    }

    /**
     * How a {@code String} is stored: as itself, or as the ObjectId or UUID it holds (an id of those strategies, a
     * {@code @BsonRepresentation(OBJECT_ID)} property): parsed, then written as that kind, except where a shared
     * method parses and writes at once. Only a {@code String} has a form; the other kinds ignore it.
     */
    enum Form {
        PLAIN(ScalarKind.STRING, null, null, null),
        OBJECT_ID_HEX(ScalarKind.OBJECT_ID, "parseObjectIdHex", "writeObjectIdHex", "readObjectIdHex"),
        UUID_STRING(ScalarKind.UUID, "parseUuid", "writeUuidString", "readUuidString");

        private final ScalarKind storedAs;
        private final String parse;
        private final String sharedWrite;
        private final String read;

        Form(ScalarKind storedAs, String parse, String sharedWrite, String read) {
            this.storedAs = storedAs;
            this.parse = parse;
            this.sharedWrite = sharedWrite;
            this.read = read;
        }
    }

    /** The classes the templates of {@link ScalarKind} name. */
    private static final Map<String, Object> TEMPLATE_CLASSES = Map.of(
            "encode", Names.ENCODE_SUPPORT,
            "uuids", Names.UUIDS,
            "string", ClassName.get(String.class),
            "binary", Names.BSON_BINARY,
            "objectId", Names.BSON_OBJECT_ID,
            "int32", Names.BSON_INT32,
            "int64", Names.BSON_INT64,
            "bsonString", Names.BSON_STRING);

    /** A template of {@link ScalarKind} filled with {@code value}. */
    private static CodeBlock fill(String template, CodeBlock value) {
        Map<String, Object> arguments = new HashMap<>(TEMPLATE_CLASSES);
        arguments.put("value", value);
        return CodeBlock.builder().addNamed(template, arguments).build();
    }

    /** Whether {@code form} changes how a value of {@code kind} is stored: only a {@code String}'s does. */
    private static boolean parsed(ScalarKind kind, Form form) {
        return kind == ScalarKind.STRING && form != Form.PLAIN;
    }

    /** {@code EncodeSupport.parseObjectIdHex(value, "Person")}: the kind a {@code String} of {@code form} holds. */
    private CodeBlock parse(Form form, CodeBlock value) {
        return CodeBlock.of("$T.$L($L, $S)", Names.ENCODE_SUPPORT, form.parse, value, entity);
    }

    /** {@code writer.writeX(name, value)}, or {@code writer.writeX(value)} when {@code name} is null. */
    CodeBlock writeScalar(ScalarKind kind, Form form, String name, CodeBlock value) {
        ScalarKind stored = kind;
        CodeBlock storedValue = value;
        if (parsed(kind, form)) {
            stored = form.storedAs;
            storedValue = parse(form, value);
        }
        CodeBlock.Builder call = CodeBlock.builder().add("writer.$L(", stored.writerMethod());
        if (name != null) {
            call.add("$S, ", name);
        }
        return call.add("$L)", fill(stored.writerArgument(), storedValue)).build();
    }

    /**
     * The shared write of a scalar property that may be null ({@code EncodeSupport.writeX(writer, name, value)},
     * which leaves a null out), or null for the rare kinds that have none (boxed {@code short}, {@code byte},
     * {@code float}, {@code char}): those are written by {@link #writeScalar} after a test in the codec.
     */
    CodeBlock writeNullableScalar(ScalarKind kind, Form form, String name, CodeBlock value) {
        if (parsed(kind, form)) {
            // The parse names the entity in its error.
            return CodeBlock.of("$T.$L(writer, $S, $L, $S)", Names.ENCODE_SUPPORT, form.sharedWrite, name, value,
                    entity);
        }
        if (kind.sharedWrite() == null) {
            return null;
        }
        return CodeBlock.of("$T.$L(writer, $S, $L)", Names.ENCODE_SUPPORT, kind.sharedWrite(), name, value);
    }

    /** The checked read of a scalar for the field {@code field}. */
    CodeBlock readScalar(ValueType.Scalar scalar, Form form, String field) {
        ScalarKind kind = scalar.kind();
        String method = parsed(kind, form) ? form.read : kind.read(scalar.primitive());
        if (kind.readsClass()) {
            return CodeBlock.of("$T.$L(reader, $T.class, $S, $S)", Names.CODEC_SUPPORT, method, scalar.javaType(),
                    entity, field);
        }
        return CodeBlock.of("$T.$L(reader, $S, $S)", Names.CODEC_SUPPORT, method, entity, field);
    }

    /**
     * The {@code BsonValue} of an id made directly ({@code new BsonInt64(id)}), or null for a kind that has none
     * (the id is then written into a document and taken out).
     */
    CodeBlock idValue(ScalarKind kind, Form form, CodeBlock value) {
        if (parsed(kind, form)) {
            return fill(form.storedAs.idValue(), parse(form, value));
        }
        return kind.idValue() == null ? null : fill(kind.idValue(), value);
    }

    /** Whether values of {@code type} are coded by a codec object: the registry's, a generic type's or a type argument's. */
    static boolean hasCodec(ValueType type) {
        return type instanceof ValueType.FromRegistry || type instanceof ValueType.Parameterized
                || type instanceof ValueType.TypeVariable;
    }

    /**
     * The codec of a type that {@link #hasCodec}: its cached codec, or for a type variable the codec the
     * constructor was given.
     */
    CodeBlock codec(ValueType type) {
        if (type instanceof ValueType.TypeVariable) {
            return CodeBlock.of("$N", codecField(type.javaType()));
        }
        return codec(type.javaType());
    }

    /** The cached codec of a class or generic type: the base class's slot, or the method of a generic type. */
    CodeBlock codec(TypeName type) {
        Integer slot = registryCodecs.get(type);
        if (slot != null) {
            return CodeBlock.of("codec($L, $T.class)", slot, type);
        }
        return CodeBlock.of("$N()", codecMethods.get(type));
    }

    /** The field that holds the codec given for a type variable: {@code codecOfT}. */
    static String codecField(TypeName typeVariable) {
        return "codecOf" + typeVariable;
    }

    /** The decoding of a type that {@link #hasCodec} through its codec. */
    CodeBlock readFromRegistry(ValueType type, String field) {
        if (type.javaType().equals(Names.DBREF)) {
            return CodeBlock.of("readDbRef(reader, decoderContext, $S)", field);
        }
        return CodeBlock.of("$T.decode($L, reader, decoderContext, $S, $S)", Names.CODEC_SUPPORT, codec(type),
                entity, field);
    }

    /** The encoding of a type that {@link #hasCodec} through its codec. */
    CodeBlock writeFromRegistry(ValueType type, CodeBlock value) {
        return CodeBlock.of("encoderContext.encodeWithChildContext($L, writer, $L)", codec(type), value);
    }

    /** The encoding of a value declared as {@code Object}, with the codec of its class. */
    CodeBlock writeAny(CodeBlock value) {
        return CodeBlock.of("$T.writeAny(writer, $L, registry, encoderContext)", Names.ENCODE_SUPPORT, value);
    }

    /** The decoding of a value declared as {@code Object}, as the driver's {@code Document} codec reads it. */
    CodeBlock readAny(String field) {
        return CodeBlock.of("$T.readAny(reader, registry, decoderContext, $S, $S)", Names.CODEC_SUPPORT, entity,
                field);
    }

    /** The name of the static map from discriminator values to classes of a polymorphic type. */
    static String classesField(ValueType.Polymorphic type) {
        String simple = ((ClassName) type.javaType()).simpleName();
        return simple.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT) + "_CLASSES";
    }

    /** The decoding of a polymorphic value by its discriminator. */
    CodeBlock readPolymorphic(ValueType.Polymorphic type, String field) {
        ClassName base = (ClassName) type.javaType();
        boolean concrete = type.classes().containsValue(base);
        return CodeBlock.of("($T) $T.readDiscriminated(reader, registry, decoderContext, $S, $N, $L, $S, $S)",
                base, Names.CODEC_SUPPORT, type.key(), classesField(type),
                concrete ? CodeBlock.of("$T.class", base) : CodeBlock.of("null"), entity, field);
    }

    /** Statements that write {@code value} (not null) of a container type without a name. */
    void writeContainer(CodeBlock.Builder code, ValueType type, CodeBlock value, int depth) {
        if (type instanceof ValueType.MapOf map) {
            String entry = "entry" + depth;
            TypeName entryType = ParameterizedTypeName.get(ClassName.get(Map.Entry.class), ClassName.get(String.class),
                    map.value().javaType());
            code.addStatement("writer.writeStartDocument()");
            code.beginControlFlow("for ($T $N : $L.entrySet())", entryType, entry, value);
            code.addStatement("writer.writeName($N.getKey())", entry);
            String item = "item" + depth;
            code.addStatement("$T $N = $N.getValue()", map.value().javaType(), item, entry);
            writeElement(code, map.value(), CodeBlock.of("$N", item), depth + 1);
            code.endControlFlow();
            code.addStatement("writer.writeEndDocument()");
        } else {
            ValueType element = elementOf(type);
            String item = "item" + depth;
            code.addStatement("writer.writeStartArray()");
            code.beginControlFlow("for ($T $N : $L)", element.javaType(), item, value);
            writeElement(code, element, CodeBlock.of("$N", item), depth + 1);
            code.endControlFlow();
            code.addStatement("writer.writeEndArray()");
        }
    }

    private void writeElement(CodeBlock.Builder code, ValueType type, CodeBlock value, int depth) {
        if (!type.primitive()) {
            code.beginControlFlow("if ($L == null)", value);
            code.addStatement("writer.writeNull()");
            code.nextControlFlow("else");
        }
        if (type instanceof ValueType.Scalar scalar) {
            code.addStatement(writeScalar(scalar.kind(), Form.PLAIN, null, value));
        } else if (type instanceof ValueType.Any || type instanceof ValueType.Polymorphic) {
            code.addStatement(writeAny(value));
        } else if (hasCodec(type)) {
            code.addStatement(writeFromRegistry(type, value));
        } else {
            writeContainer(code, type, value, depth);
        }
        if (!type.primitive()) {
            code.endControlFlow();
        }
    }

    /** The start call of a container: {@code startArray} or {@code startDocument}. */
    CodeBlock start(ValueType type, String field) {
        return CodeBlock.of("$T.$L(reader, $S, $S)", Names.CODEC_SUPPORT,
                type instanceof ValueType.MapOf ? "startDocument" : "startArray", entity, field);
    }

    /**
     * A new {@code implementation}: {@code new ArrayList<>()}, or {@code new Tags()} for a collection class of
     * the application that has no type parameters ({@code class Tags extends ArrayList<String>}).
     */
    static CodeBlock newContainer(ClassName implementation, TypeName declared) {
        return declared instanceof ClassName ? CodeBlock.of("new $T()", implementation)
                : CodeBlock.of("new $T<>()", implementation);
    }

    /**
     * The container type with each {@code ? extends X} argument as {@code X}: a local of it can be added to, and
     * is assignable to the property's {@code List<? extends X>}.
     */
    private static TypeName bounded(TypeName type) {
        if (!(type instanceof ParameterizedTypeName parameterized)) {
            return type;
        }
        TypeName[] arguments = parameterized.typeArguments().stream()
                .map(argument -> argument instanceof WildcardTypeName wildcard && wildcard.lowerBounds().isEmpty()
                        ? wildcard.upperBounds().get(0) : argument)
                .toArray(TypeName[]::new);
        return ParameterizedTypeName.get(parameterized.rawType(), arguments);
    }

    /**
     * Statements that read a container whose array or document has been started, up to its end; returns the
     * name of the local that holds the result.
     */
    String readContainer(CodeBlock.Builder code, ValueType type, String field, int depth) {
        if (type instanceof ValueType.MapOf map) {
            String local = "map" + depth;
            String key = "key" + depth;
            code.addStatement("$T $N = $L", bounded(type.javaType()), local,
                    newContainer(map.implementation(), type.javaType()));
            code.beginControlFlow("while (reader.readBsonType() != $T.END_OF_DOCUMENT)", Names.BSON_TYPE);
            code.addStatement("$T $N = reader.readName()", String.class, key);
            CodeBlock value = readElement(code, map.value(), field, depth + 1);
            code.addStatement("$N.put($N, $L)", local, key, value);
            code.endControlFlow();
            code.addStatement("reader.readEndDocument()");
            return local;
        }
        ValueType element = elementOf(type);
        if (type instanceof ValueType.ArrayOf && element.primitive()) {
            String array = "array" + depth;
            String size = "size" + depth;
            code.addStatement("$T $N = new $T[16]", type.javaType(), array, element.javaType());
            code.addStatement("int $N = 0", size);
            code.beginControlFlow("while (reader.readBsonType() != $T.END_OF_DOCUMENT)", Names.BSON_TYPE);
            code.beginControlFlow("if ($N == $N.length)", size, array);
            code.addStatement("$N = $T.copyOf($N, $N * 2)", array, Arrays.class, array, size);
            code.endControlFlow();
            code.addStatement("$N[$N++] = $L", array, size, readElement(code, element, field, depth + 1));
            code.endControlFlow();
            code.addStatement("reader.readEndArray()");
            String result = "values" + depth;
            code.addStatement("$T $N = $T.copyOf($N, $N)", type.javaType(), result, Arrays.class, array, size);
            return result;
        }
        String list = "list" + depth;
        TypeName listType = type instanceof ValueType.CollectionOf ? bounded(type.javaType())
                : ParameterizedTypeName.get(ClassName.get(List.class), element.javaType().box());
        ClassName implementation = type instanceof ValueType.CollectionOf collection ? collection.implementation()
                : ClassName.get(ArrayList.class);
        code.addStatement("$T $N = $L", listType, list, newContainer(implementation, type.javaType()));
        code.beginControlFlow("while (reader.readBsonType() != $T.END_OF_DOCUMENT)", Names.BSON_TYPE);
        code.addStatement("$N.add($L)", list, readElement(code, element, field, depth + 1));
        code.endControlFlow();
        code.addStatement("reader.readEndArray()");
        if (type instanceof ValueType.ArrayOf) {
            String result = "values" + depth;
            code.addStatement("$T $N = $N.toArray($L)", type.javaType(), result, list, emptyArray(element.javaType()));
            return result;
        }
        return list;
    }

    /** Reads one element; nested containers are read into a local first. Returns the element's expression. */
    private CodeBlock readElement(CodeBlock.Builder code, ValueType type, String field, int depth) {
        if (type instanceof ValueType.Scalar scalar) {
            return readScalar(scalar, Form.PLAIN, field);
        }
        if (hasCodec(type)) {
            return readFromRegistry(type, field);
        }
        if (type instanceof ValueType.Any) {
            return readAny(field);
        }
        if (type instanceof ValueType.Polymorphic polymorphic) {
            return readPolymorphic(polymorphic, field);
        }
        String item = "item" + depth;
        code.addStatement("$T $N = null", type.javaType(), item);
        code.beginControlFlow("if ($L)", start(type, field));
        String local = readContainer(code, type, field, depth);
        code.addStatement("$N = $N", item, local);
        code.endControlFlow();
        return CodeBlock.of("$N", item);
    }

    private static ValueType elementOf(ValueType type) {
        if (type instanceof ValueType.CollectionOf collection) {
            return collection.element();
        }
        return ((ValueType.ArrayOf) type).element();
    }

    /** {@code new E[0]}, written right for array element types ({@code new int[0][]}). */
    private static CodeBlock emptyArray(TypeName element) {
        TypeName innermost = element;
        StringBuilder dimensions = new StringBuilder();
        while (innermost instanceof ArrayTypeName array) {
            dimensions.append("[]");
            innermost = array.componentType();
        }
        if (innermost instanceof ParameterizedTypeName parameterized) {
            innermost = parameterized.rawType();
        }
        return CodeBlock.of("new $T[0]$L", innermost, dimensions.toString());
    }
}
