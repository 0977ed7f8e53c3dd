package dev.keysmith.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoClientSettings;
import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.mongodb.lookup.Impostor;
import dev.keysmith.mongodb.lookup.Registered;
import dev.keysmith.mongodb.lookup.RegisteredFactory;
import dev.keysmith.mongodb.lookup.Thrower;
import dev.keysmith.mongodb.model.Badge;
import dev.keysmith.runtime.IdGenerators;
import dev.keysmith.runtime.codec.EntityCodec;
import dev.keysmith.runtime.codec.GeneratedCodecFactory;
import dev.keysmith.runtime.testing.InMemoryCounterStore;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratedCodecProviderTest {

    /** A nested entity: its codec is {@code GeneratedCodecProviderTest_Nested_KeysmithCodec}. */
    public record Nested(@GeneratedObjectId ObjectId id, String name) {
    }

    private final IdGenerators ids = IdGenerators.create(new InMemoryCounterStore());
    private final GeneratedCodecProvider provider =
            GeneratedCodecProvider.load(ids, GeneratedCodecProviderTest.class.getClassLoader());
    private final CodecRegistry registry = MongoClientSettings.getDefaultCodecRegistry();

    @Test
    void findsTheCodecOfATopLevelAndOfANestedTypeByItsName() {
        Codec<Badge> badge = provider.get(Badge.class, registry);
        Codec<Nested> nested = provider.get(Nested.class, registry);

        assertThat(badge).isInstanceOf(EntityCodec.class);
        assertThat(badge.getEncoderClass()).isEqualTo(Badge.class);
        assertThat(nested.getClass().getSimpleName()).isEqualTo("GeneratedCodecProviderTest_Nested_KeysmithCodec");
        assertThat(nested.getEncoderClass()).isEqualTo(Nested.class);
        assertThat(provider.handles(Badge.class)).isTrue();
        assertThat(provider.handles(Nested.class)).isTrue();
    }

    @Test
    void eachCallMakesACodecOnTheRegistryItIsGiven() {
        assertThat(provider.get(Badge.class, registry)).isNotSameAs(provider.get(Badge.class, registry));
    }

    @Test
    void typesWithoutAGeneratedCodecGetNone() {
        assertThat(provider.get(String.class, registry)).isNull();
        assertThat(provider.get(int[].class, registry)).isNull();
        assertThat(provider.get(GeneratedCodecProviderTest.class, registry)).isNull();
        assertThat(provider.handles(String.class)).isFalse();
        assertThat(provider.handles(GeneratedCodecProviderTest.class)).isFalse();
    }

    @Test
    void aClassOfTheGeneratedNameThatEncodesAnotherTypeIsNotTaken() {
        assertThat(provider.get(Impostor.class, registry)).isNull();
    }

    @Test
    void aTypeWithoutACodecOfTheGeneratedNameIsLookedUpInTheServiceLoaderRegistrations(@TempDir Path classes)
            throws IOException {
        Path services = classes.resolve("META-INF/services/" + GeneratedCodecFactory.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, RegisteredFactory.class.getName() + "\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                GeneratedCodecProviderTest.class.getClassLoader())) {
            GeneratedCodecProvider registered = GeneratedCodecProvider.load(ids, loader);

            assertThat(registered.handles(Registered.class)).isTrue();
            assertThat(registered.get(Registered.class, registry)).isInstanceOf(RegisteredFactory.RegisteredCodec.class);
            assertThat(provider.handles(Registered.class)).as("not registered for the test's own loader").isFalse();
        }
    }

    @Test
    void whatTheCodecsConstructorThrowsReachesTheCallerAsItWasThrown() {
        assertThatThrownBy(() -> provider.get(Thrower.class, registry))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Thrower's codec refuses this registry");
    }
}
