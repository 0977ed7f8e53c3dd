package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keysmith.spring.mongodb.app.TestApplication;
import dev.keysmith.spring.mongodb.wrong.WrongApplication;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.core.NestedExceptionUtils;
import org.junit.jupiter.api.Test;

/** Mappings and settings that cannot work stop the application at startup, with an error that names the field. */
class StartupCheckTest extends SpringMongoTestBase {

    @Test
    void aSequenceOnAStringIdFailsAtStartupNamingTheField() {
        assertThat(startupFailure(builder(WrongApplication.class)))
                .isInstanceOf(KeysmithMappingException.class)
                .hasMessageContaining("dev.keysmith.spring.mongodb.wrong.Coupon.code")
                .hasMessageContaining("@Sequence needs a long, Long, int or Integer field, but 'code' is a String")
                .asInstanceOf(InstanceOfAssertFactories.type(KeysmithMappingException.class))
                .satisfies(e -> assertThat(e.property()).isEqualTo("code"));
    }

    @Test
    void uuidIdsWithALegacyUuidRepresentationFailAtStartupNamingTheSetting() {
        assertThat(startupFailure(builder(TestApplication.class,
                "spring.data.mongodb.uuid-representation=java-legacy",
                "spring.mongodb.representation.uuid=java-legacy")))
                .isInstanceOf(KeysmithMappingException.class)
                .hasMessageContaining("Session.id")
                .hasMessageContaining("JAVA_LEGACY")
                .hasMessageContaining("spring.data.mongodb.uuid-representation=standard");
    }

    @Test
    void anUnknownWriteConcernFailsAtStartupNamingTheProperty() {
        assertThat(startupFailure(builder(TestApplication.class, "keysmith.write-concern=most")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keysmith.write-concern=most");
    }

    /** The innermost cause of the failed start of {@code application} (Spring wraps bean failures). */
    private static Throwable startupFailure(SpringApplicationBuilder application) {
        Throwable failure = catchThrowable(application::run);
        assertThat(failure).as("the application must not start").isNotNull();
        return NestedExceptionUtils.getMostSpecificCause(failure);
    }
}
