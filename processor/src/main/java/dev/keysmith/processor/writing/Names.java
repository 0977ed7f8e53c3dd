package dev.keysmith.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;

/** The runtime and bson types that generated code refers to, by name: the processor has none of them on its path. */
final class Names {

    static final ClassName BSON_READER = ClassName.get("org.bson", "BsonReader");
    static final ClassName BSON_WRITER = ClassName.get("org.bson", "BsonWriter");
    static final ClassName BSON_TYPE = ClassName.get("org.bson", "BsonType");
    static final ClassName BSON_VALUE = ClassName.get("org.bson", "BsonValue");
    static final ClassName BSON_BINARY = ClassName.get("org.bson", "BsonBinary");
    static final ClassName BSON_DOCUMENT = ClassName.get("org.bson", "BsonDocument");
    static final ClassName BSON_DOCUMENT_WRITER = ClassName.get("org.bson", "BsonDocumentWriter");
    static final ClassName BSON_OBJECT_ID = ClassName.get("org.bson", "BsonObjectId");
    static final ClassName BSON_STRING = ClassName.get("org.bson", "BsonString");
    static final ClassName BSON_INT32 = ClassName.get("org.bson", "BsonInt32");
    static final ClassName BSON_INT64 = ClassName.get("org.bson", "BsonInt64");
    static final ClassName CODEC = ClassName.get("org.bson.codecs", "Codec");
    static final ClassName DOCUMENT = ClassName.get("org.bson", "Document");
    static final ClassName DBREF = ClassName.get("com.mongodb", "DBRef");
    static final ClassName ENCODER_CONTEXT = ClassName.get("org.bson.codecs", "EncoderContext");
    static final ClassName DECODER_CONTEXT = ClassName.get("org.bson.codecs", "DecoderContext");
    static final ClassName CODEC_REGISTRY = ClassName.get("org.bson.codecs.configuration", "CodecRegistry");

    static final ClassName ID_GENERATORS = ClassName.get("dev.keysmith.runtime", "IdGenerators");
    static final ClassName SEQUENCE_ALLOCATOR = ClassName.get("dev.keysmith.runtime", "SequenceAllocator");
    static final ClassName SEQUENCE_SPEC = ClassName.get("dev.keysmith.runtime", "SequenceSpec");
    static final ClassName UUIDS = ClassName.get("dev.keysmith.runtime", "Uuids");
    static final ClassName CONTAINER_CODECS = ClassName.get("dev.keysmith.runtime.codec", "ContainerCodecs");
    static final ClassName GENERATED_CODEC = ClassName.get("dev.keysmith.runtime.codec", "GeneratedCodec");
    static final ClassName GENERATED_ENTITY_CODEC = ClassName.get("dev.keysmith.runtime.codec", "GeneratedEntityCodec");
    static final ClassName GENERATED_STORED_CODEC = ClassName.get("dev.keysmith.runtime.codec", "GeneratedStoredCodec");
    static final ClassName DISCRIMINATED_ENTITY_CODEC =
            ClassName.get("dev.keysmith.runtime.codec", "DiscriminatedEntityCodec");
    static final ClassName DISCRIMINATED_STORED_CODEC =
            ClassName.get("dev.keysmith.runtime.codec", "DiscriminatedStoredCodec");
    static final ClassName DISCRIMINATOR_SUPPORT =
            ClassName.get("dev.keysmith.runtime.codec", "DiscriminatorSupport");
    static final ClassName ID_STRATEGY = ClassName.get("dev.keysmith.runtime.codec", "IdStrategy");
    static final ClassName CODEC_SUPPORT = ClassName.get("dev.keysmith.runtime.codec", "CodecSupport");
    static final ClassName ENCODE_SUPPORT = ClassName.get("dev.keysmith.runtime.codec", "EncodeSupport");
    static final ClassName ENTITY_DECODING_EXCEPTION =
            ClassName.get("dev.keysmith.runtime.codec", "EntityDecodingException");
    static final ClassName GENERATED_CODEC_FACTORY =
            ClassName.get("dev.keysmith.runtime.codec", "GeneratedCodecFactory");

    static final ClassName GENERATED = ClassName.get("dev.keysmith.runtime.codec", "KeysmithGenerated");

    private Names() {
    }

    /** The class of {@code type} as a class literal names it: {@code Range} for {@code Range<Integer>}. */
    static TypeName raw(TypeName type) {
        return type instanceof ParameterizedTypeName parameterized ? parameterized.rawType() : type;
    }
}
