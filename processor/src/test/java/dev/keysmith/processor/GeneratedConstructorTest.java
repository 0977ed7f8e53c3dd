package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.keysmith.processor.Compilations.compile;
import static dev.keysmith.processor.Compilations.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.SequenceSpec;
import dev.keysmith.runtime.codec.EntityCodec;
import java.util.ArrayList;
import java.util.List;
import org.bson.codecs.BsonValueCodecProvider;
import org.bson.codecs.ValueCodecProvider;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a generated codec's constructor hands the runtime: the sequence's settings (written as
 * {@code SequenceSpec.of(name)} and a wither for each setting that differs from its defaults, so the processor's copy
 * of those defaults is held to the runtime's here) and the facts the base class answers with.
 */
class GeneratedConstructorTest {

    private static final CodecRegistry REGISTRY =
            CodecRegistries.fromProviders(new ValueCodecProvider(), new BsonValueCodecProvider());

    private final List<IdGenerators> opened = new ArrayList<>();

    @Test
    void aSequenceWithTheAnnotationsDefaultsOpensTheRuntimesDefaultSpec() throws Exception {
        assertThat(specOf("@Sequence long id;")).isEqualTo(SequenceSpec.of("ledger"));
        assertThat(specOf("@Sequence int id;")).isEqualTo(SequenceSpec.of("ledger").withIntIds(true));
    }

    @Test
    void everySettingReachesTheSpec() throws Exception {
        assertThat(specOf("@Sequence(name = \"orders\", batch = 7, prefetch = false, counters = 4, digits = 6,"
                + " start = 1000) int id;"))
                .isEqualTo(new SequenceSpec("orders", 7, false, 4, 6, 1000, true));
        assertThat(specOf("@Sequence(digits = 4) Long id;"))
                .isEqualTo(new SequenceSpec("ledger", 50, true, 1, 4, 1, false));
    }

    @Test
    void settingsValidOnlyTogetherAreApplied() throws Exception {
        // Ten counters fit [0, 9] but not [1, 9]: each wither is checked on its own, so the chain must set the start
        // before the counters, never passing through ten counters over [1, 9].
        assertThat(specOf("@Sequence(digits = 1, start = 0, counters = 10) Long id;"))
                .isEqualTo(new SequenceSpec("ledger", 50, true, 10, 1, 0, false));
    }

    @Test
    void theBaseClassAnswersWithTheEntitysFacts() throws Exception {
        EntityCodec<Object> random = codec("@dev.keysmith.annotations.RandomId(attempts = 3) long id;");
        assertThat(random.insertAttempts()).isEqualTo(3);
        assertThat(random.collectionName()).isEqualTo("ledger");
        assertThat(codec("@dev.keysmith.annotations.GeneratedObjectId String id;").insertAttempts()).isEqualTo(1);
    }

    private SequenceSpec specOf(String idField) throws Exception {
        return codec(idField).sequence().spec();
    }

    private EntityCodec<Object> codec(String idField) throws Exception {
        Compilation compilation = compile(source("test.Ledger",
                "package test;",
                "import dev.keysmith.annotations.Sequence;",
                "@dev.keysmith.annotations.Document(collection = \"ledger\")",
                "public class Ledger {",
                "  " + idField,
                "  String memo;",
                "}"));
        assertThat(compilation).succeededWithoutWarnings();
        IdGenerators ids = IdGenerators.create((counter, count) -> {
            throw new AssertionError("no id is taken here");
        });
        opened.add(ids);
        return new CompiledClasses(compilation).codec("test.Ledger_KeysmithCodec", REGISTRY, ids);
    }

    @AfterEach
    void closeGenerators() {
        opened.forEach(IdGenerators::close);
    }
}
