package dev.keysmith.processor.writing;

import com.palantir.javapoet.CodeBlock;
import dev.keysmith.processor.model.Access;
import dev.keysmith.processor.model.Property;
import java.util.List;

/**
 * Decodes into an instance made first by the no-argument constructor: each value is set on it as it is read
 * (the extra elements once, at the end).
 *
 * <p>Not thread-safe: one instance per codec written.
 */
final class InstanceDecodeWriter extends DecodeWriter {

    InstanceDecodeWriter(CodecContext context) {
        super(context);
    }

    @Override
    void declare(CodeBlock.Builder code, List<Property> properties, Property extra) {
        code.addStatement("$T value = new $T$L()", context.model.typeWithVariables(), context.model.type(),
                context.diamond());
        if (extra != null) {
            code.addStatement("$T $N = null", extra.type().javaType(), context.local(extra));
        }
    }

    @Override
    void store(CodeBlock.Builder code, Property property, CodeBlock value) {
        boolean nonNull = context.model.nonNull().contains(property.javaName());
        if (!nonNull && property.write() instanceof Access.Field) {
            code.addStatement(CodecContext.assign("value", property, value));
            return;
        }
        // Through a local: Kotlin's setter would throw its own NullPointerException for a null; a field of a
        // subtype is set with a cast that is never redundant from a local of the property's type; and javac
        // attributes a call in a setter's argument twice (speculatively, then for real), a local's initializer once
        // (docs/decisions-processor.md, "Build cost").
        code.addStatement("$T $N = $L", property.type().javaType(), context.local(property), value);
        if (nonNull) {
            code.beginControlFlow("if ($N == null)", context.local(property));
            code.addStatement("throw $T.notNullable($S, $S, $S)", Names.CODEC_SUPPORT, context.entity,
                    property.javaName(), property.bsonName());
            code.endControlFlow();
        }
        code.addStatement(CodecContext.assign("value", property, CodeBlock.of("$N", context.local(property))));
    }

    @Override
    void storedExtra(CodeBlock.Builder code, Property extra) {
    }

    @Override
    CodeBlock idSoFar(Property id) {
        return CodecContext.read("value", id);
    }

    @Override
    void finish(CodeBlock.Builder code, List<Property> properties, Property extra) {
        if (extra != null) {
            code.beginControlFlow("if ($N != null)", context.local(extra));
            code.addStatement(CodecContext.assign("value", extra, CodeBlock.of("$N", context.local(extra))));
            code.endControlFlow();
        }
        code.addStatement("return value");
    }
}
