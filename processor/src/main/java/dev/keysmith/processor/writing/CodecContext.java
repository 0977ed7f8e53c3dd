package dev.keysmith.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
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

/**
 * The state of writing one codec, shared by the writers of its parts: the model, the codecs the codec caches
 * (found once, up front, from the properties' types), the private helper methods the parts add as they go, and
 * the names of decode's locals. Also the small expressions every part writes: reading and assigning a property,
 * creating the type.
 *
 * <p>Not thread-safe: one instance per codec written, confined to the thread that writes it.
 */
final class CodecContext {

    /** Names the generated methods use for their parameters; a property with one of them gets another local. */
    private static final Set<String> RESERVED = Set.of("reader", "writer", "decoderContext", "encoderContext",
            "value", "entity", "document", "id", "registry", "ids", "sequence", "e", "copy");

    final TypeModel model;
    /** The simple name of the type, for messages. */
    final String entity;
    /**
     * The slot of each class coded through the registry's codec, by type: the base class keeps those codecs
     * ({@code GeneratedCodec.codec(slot, type)}).
     */
    final Map<TypeName, Integer> registryCodecs = new LinkedHashMap<>();
    /**
     * The method that returns the cached codec of each generic type of this compilation (made with the codecs of
     * its type arguments), by type.
     */
    final Map<TypeName, String> codecMethods = new LinkedHashMap<>();
    /** How each codec of {@code codecMethods} is made, by type. */
    final Map<TypeName, CodeBlock> codecCreations = new LinkedHashMap<>();
    final ValueCode values;
    /** Private methods the parts add (container writers and readers), in the order they were added. */
    final List<MethodSpec> helpers = new ArrayList<>();
    /** The polymorphic types of the properties, by the name of their static field of classes. */
    final Map<String, ValueType.Polymorphic> polymorphicTypes = new TreeMap<>();
    /** Names of decode's locals, by Java name (values) and "has " + Java name (presence flags). */
    private final NameAllocator locals = new NameAllocator();

    CodecContext(TypeModel model) {
        this.model = model;
        this.entity = model.type().simpleName();
        for (Property property : model.allProperties()) {
            if (property.extraElements() == null) {
                collectRegistryTypes(property.type());
            }
        }
        this.values = new ValueCode(entity, codecMethods, registryCodecs);
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
        if (type instanceof ValueType.Rediscriminated rediscriminated && rediscriminated.generic() != null) {
            collectRegistryTypes(rediscriminated.generic());
        } else if (type instanceof ValueType.Parameterized parameterized && !codecMethods.containsKey(type.javaType())) {
            for (ValueType argument : parameterized.arguments()) {
                collectArgumentTypes(argument);
            }
            addCodecMethod(type.javaType());
        } else if (type instanceof ValueType.FromRegistry || type instanceof ValueType.Rediscriminated) {
            registryCodecs.putIfAbsent(type.javaType(), registryCodecs.size());
            if (type.javaType().equals(Names.DBREF)) {
                // The driver's DBRefCodec only encodes: a DBRef is read as a Document, then converted.
                registryCodecs.putIfAbsent(Names.DOCUMENT, registryCodecs.size());
            }
        } else if (type instanceof ValueType.Polymorphic polymorphic) {
            polymorphicTypes.putIfAbsent(ValueCode.classesField(polymorphic), polymorphic);
        } else if (type instanceof ValueType.CollectionOf collection) {
            collectRegistryTypes(collection.element());
        } else if (type instanceof ValueType.ArrayOf array) {
            collectRegistryTypes(array.element());
        } else if (type instanceof ValueType.MapOf map) {
            collectRegistryTypes(map.value());
        }
    }

    /** A type argument: a collection or map of them gets a cached codec of its own, made from its element's. */
    private void collectArgumentTypes(ValueType argument) {
        if (argument instanceof ValueType.Polymorphic polymorphic) {
            // Range<Shape>: a codec that writes each value with its class's and reads it by its discriminator.
            polymorphicTypes.putIfAbsent(ValueCode.classesField(polymorphic), polymorphic);
            if (!codecMethods.containsKey(argument.javaType())) {
                addCodecMethod(argument.javaType());
            }
            return;
        }
        ValueType element = argument instanceof ValueType.CollectionOf collection ? collection.element()
                : argument instanceof ValueType.MapOf map ? map.value() : null;
        if (element == null) {
            collectRegistryTypes(argument);
        } else if (!codecMethods.containsKey(argument.javaType())) {
            collectArgumentTypes(element);
            addCodecMethod(argument.javaType());
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
                    parameterized.typeArguments().stream().map(CodecContext::codecNameOf).toList());
        }
        return type instanceof ClassName className ? className.simpleName() : type.toString();
    }

    /** How the cached codecs of generic types of this compilation are made: with a codec for each type argument. */
    private void collectCodecCreations(ValueType type) {
        if (type instanceof ValueType.Rediscriminated rediscriminated && rediscriminated.generic() != null) {
            collectCodecCreations(rediscriminated.generic());
        } else if (type instanceof ValueType.Parameterized parameterized) {
            List<CodeBlock> arguments = new ArrayList<>();
            arguments.add(CodeBlock.of("registry"));
            for (ValueType argument : parameterized.arguments()) {
                collectArgumentCreations(argument);
                arguments.add(values.codec(argument));
            }
            codecCreations.put(type.javaType(), CodeBlock.of("new $T<>($L)", parameterized.codec(),
                    CodeBlock.join(arguments, ", ")));
        } else if (type instanceof ValueType.CollectionOf collection) {
            collectCodecCreations(collection.element());
        } else if (type instanceof ValueType.ArrayOf array) {
            collectCodecCreations(array.element());
        } else if (type instanceof ValueType.MapOf map) {
            collectCodecCreations(map.value());
        }
    }

    private void collectArgumentCreations(ValueType argument) {
        if (argument instanceof ValueType.Polymorphic polymorphic) {
            codecCreations.put(argument.javaType(), CodeBlock.of("$T.discriminated($T.class, registry, $S, $N)",
                    Names.CONTAINER_CODECS, argument.javaType(), polymorphic.key(),
                    ValueCode.classesField(polymorphic)));
        } else if (argument instanceof ValueType.CollectionOf collection) {
            collectArgumentCreations(collection.element());
            codecCreations.put(argument.javaType(), CodeBlock.of("$T.collection($L, $T::new)",
                    Names.CONTAINER_CODECS, values.codec(collection.element()), collection.implementation()));
        } else if (argument instanceof ValueType.MapOf map) {
            collectArgumentCreations(map.value());
            codecCreations.put(argument.javaType(), CodeBlock.of("$T.map($L, $T::new)", Names.CONTAINER_CODECS,
                    values.codec(map.value()), map.implementation()));
        } else {
            collectCodecCreations(argument);
        }
    }

    /** Whether the codec codes any value through another codec. */
    boolean hasCodecs() {
        return !registryCodecs.isEmpty() || !codecMethods.isEmpty();
    }

    /** {@code new T(arguments)}, or the static {@code @BsonCreator} method's call. */
    CodeBlock create(CodeBlock arguments) {
        TypeModel.Factory factory = model.creator().factory();
        if (factory != null) {
            return factory.cast() ? CodeBlock.of("($T) $T.$N($L)", model.type(), factory.owner(), factory.name(),
                    arguments) : CodeBlock.of("$T.$N($L)", factory.owner(), factory.name(), arguments);
        }
        return CodeBlock.of("new $T$L($L)", model.type(), diamond(), arguments);
    }

    /** {@code <>} after {@code new Range} for a generic type. */
    String diamond() {
        return model.typeVariables().isEmpty() ? "" : "<>";
    }

    /** How a {@code String} property is stored: plain, or as the ObjectId or UUID it holds. */
    ValueCode.Form form(Property property) {
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

    Property property(String javaName) {
        for (Property property : model.allProperties()) {
            if (property.javaName().equals(javaName)) {
                return property;
            }
        }
        throw new IllegalStateException("no property " + javaName);
    }

    /** The local that holds a property's value while decoding through a creator. */
    String local(Property property) {
        return locals.get(property.javaName());
    }

    /** The local that says whether a property was present in the decoded document. */
    String presence(Property property) {
        return locals.get("has " + property.javaName());
    }

    /** The local that holds the field name when the extra elements need it. */
    String fieldNameLocal() {
        return locals.get("field name");
    }

    static CodeBlock read(String receiver, Property property) {
        if (property.read() instanceof Access.Method method) {
            return CodeBlock.of("$N.$N()", receiver, method.name());
        }
        if (property.read() instanceof Access.CovariantGetter getter) {
            return CodeBlock.of("(($T) $N.$N())", property.type().javaType(), receiver, getter.name());
        }
        return CodeBlock.of("$N.$N", receiver, ((Access.Field) property.read()).name());
    }

    static CodeBlock assign(String receiver, Property property, CodeBlock value) {
        if (property.write() instanceof Access.Method method) {
            return CodeBlock.of("$N.$N($L)", receiver, method.name(), value);
        }
        if (property.write() instanceof Access.SubtypeField field) {
            // value is of the property's type (a local or a getter's call, never the field's type: no redundant cast).
            return CodeBlock.of("$N.$N = ($T) $L", receiver, field.name(), field.type(), value);
        }
        return CodeBlock.of("$N.$N = $L", receiver, ((Access.Field) property.write()).name(), value);
    }

    static String defaultValue(TypeName type) {
        if (!type.isPrimitive()) {
            return "null";
        }
        return type.equals(TypeName.BOOLEAN) ? "false" : "0";
    }

    static boolean isInt(Property property) {
        TypeName type = property.type().javaType();
        return type.equals(TypeName.INT) || type.equals(TypeName.INT.box());
    }

    /**
     * A collection of strings, the commonest container: written and read by shared methods of the runtime
     * ({@code EncodeSupport.writeStrings}, {@code CodecSupport.readStrings}), not by helpers of its own in every
     * codec.
     */
    static boolean isStringCollection(ValueType type) {
        return type instanceof ValueType.CollectionOf collection
                && collection.element() instanceof ValueType.Scalar element && element.kind() == ScalarKind.STRING;
    }

    static String capitalized(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
