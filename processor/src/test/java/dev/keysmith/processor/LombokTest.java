package dev.keysmith.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.keysmith.processor.Compilations.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.EntityCodec;
import java.util.List;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;
import org.bson.BsonDocument;
import org.bson.codecs.BsonValueCodecProvider;
import org.bson.codecs.ValueCodecProvider;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.types.ObjectId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Lombok {@code @Data} and {@code @Value} entities compile under {@code -Xlint:all -Werror} and round-trip,
 * whichever of Lombok and keysmith comes first on the processor path: keysmith reads a type with Lombok
 * annotations one round after it first sees it, when Lombok's accessors and constructors exist.
 */
class LombokTest {

    enum Order { LOMBOK_FIRST, KEYSMITH_FIRST }

    private static final JavaFileObject ITEM = source("demo.Item",
            "package demo;",
            "import dev.keysmith.annotations.*;",
            "import java.util.List;",
            "import lombok.Data;",
            "import org.bson.types.ObjectId;",
            "@Document @Data",
            "public class Item {",
            "  @GeneratedObjectId private ObjectId id;",
            "  private String name;",
            "  private int count;",
            "  private boolean active;",
            "  private List<String> tags;",
            "}");

    private static final JavaFileObject PRICE = source("demo.Price",
            "package demo;",
            "import dev.keysmith.annotations.*;",
            "import lombok.Value;",
            "import org.bson.types.ObjectId;",
            "@Document @Value",
            "public class Price {",
            "  @GeneratedObjectId ObjectId id;",
            "  String currency;",
            "  long cents;",
            "}");

    @ParameterizedTest
    @EnumSource(Order.class)
    void dataAndValueEntitiesCompileAndRoundTrip(Order order) throws Exception {
        // Lombok's jar lists two processors: the one that changes the classes, and one that claims its annotations.
        Processor lombok = processor("lombok.launch.AnnotationProcessorHider$AnnotationProcessor");
        Processor lombokClaims = processor("lombok.launch.AnnotationProcessorHider$ClaimingProcessor");
        List<Processor> processors = order == Order.LOMBOK_FIRST
                ? List.of(lombok, lombokClaims, new KeysmithProcessor())
                : List.of(new KeysmithProcessor(), lombok, lombokClaims);
        Compilation compilation = javac().withProcessors(processors).withOptions("-Xlint:all", "-Werror")
                .compile(ITEM, PRICE);
        assertThat(compilation).succeededWithoutWarnings();

        CompiledClasses loader = new CompiledClasses(compilation);
        CodecRegistry registry = CodecRegistries.fromProviders(new ValueCodecProvider(), new BsonValueCodecProvider());
        try (IdGenerators ids = IdGenerators.create((counter, count) -> {
            throw new AssertionError("no sequence here");
        })) {
            Class<?> itemType = loader.loadClass("demo.Item");
            Object item = itemType.getConstructor().newInstance();
            itemType.getMethod("setName", String.class).invoke(item, "anvil");
            itemType.getMethod("setCount", int.class).invoke(item, 3);
            itemType.getMethod("setActive", boolean.class).invoke(item, true);
            itemType.getMethod("setTags", List.class).invoke(item, List.of("iron"));
            EntityCodec<Object> items = loader.codec("demo.Item_KeysmithCodec", registry, ids);
            Object withId = items.generateIdIfAbsentFromDocument(item);
            assertThat(itemType.getMethod("getId").invoke(withId)).isInstanceOf(ObjectId.class);
            BsonDocument stored = CompiledClasses.encode(items, withId);
            assertThat(stored.keySet()).containsExactly("_id", "active", "count", "name", "tags");
            assertThat(CompiledClasses.decode(items, stored)).isEqualTo(withId);

            Class<?> priceType = loader.loadClass("demo.Price");
            Object price = priceType.getConstructor(ObjectId.class, String.class, long.class)
                    .newInstance(null, "EUR", 1999L);
            EntityCodec<Object> prices = loader.codec("demo.Price_KeysmithCodec", registry, ids);
            Object pricedWithId = prices.generateIdIfAbsentFromDocument(price);
            assertThat(pricedWithId).isNotSameAs(price);
            assertThat(priceType.getMethod("getCents").invoke(pricedWithId)).isEqualTo(1999L);
            BsonDocument storedPrice = CompiledClasses.encode(prices, pricedWithId);
            assertThat(storedPrice.keySet()).containsExactly("_id", "cents", "currency");
            assertThat(CompiledClasses.decode(prices, storedPrice)).isEqualTo(pricedWithId);
        }
    }

    private static Processor processor(String name) throws ReflectiveOperationException {
        return (Processor) Class.forName(name).getDeclaredConstructor().newInstance();
    }
}
