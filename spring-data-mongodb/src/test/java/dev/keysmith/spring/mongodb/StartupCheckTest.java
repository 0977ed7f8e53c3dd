package dev.keysmith.spring.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keysmith.spring.mongodb.app.TestApplication;
import dev.keysmith.spring.mongodb.wrong.CouponSlice;
import dev.keysmith.spring.mongodb.wrong.WrongApplication;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.test.context.TestContextManager;
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
    void aMappingMistakeFailsADataMongoTestSliceAsItFailsTheApplication() {
        TestContextManager slice = new TestContextManager(CouponSlice.class);
        Throwable failure = catchThrowable(() -> slice.prepareTestInstance(new CouponSlice()));

        assertThat(failure).as("the slice's context must not start").isNotNull();
        assertThat(NestedExceptionUtils.getMostSpecificCause(failure))
                .isInstanceOf(KeysmithMappingException.class)
                .hasMessageContaining("dev.keysmith.spring.mongodb.wrong.Coupon.code")
                .hasMessageContaining("@Sequence needs a long, Long, int or Integer field, but 'code' is a String");
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
    void uuidIdsWithTheBootLinesDefaultUuidRepresentationFailAtStartupNamingTheSetting() {
        // Boot 3 defaults to JAVA_LEGACY (subtype 3), Boot 4 to UNSPECIFIED (no UUID can be written): both refused
        String expected = System.getProperty("keysmith.spring-boot.expected", "").startsWith("3.") ? "JAVA_LEGACY"
                : "UNSPECIFIED";
        assertThat(startupFailure(builderWithDefaultUuidRepresentation(TestApplication.class)))
                .isInstanceOf(KeysmithMappingException.class)
                .hasMessageContaining("Session.id")
                .hasMessageContaining("writes UUIDs as " + expected)
                .hasMessageContaining("spring.data.mongodb.uuid-representation=standard (Spring Boot 3)")
                .hasMessageContaining("spring.mongodb.representation.uuid=standard (Spring Boot 4)");
    }

    @Test
    void anUnknownWriteConcernFailsAtStartupNamingTheProperty() {
        assertThat(startupFailure(builder(TestApplication.class, "keysmith.write-concern=most")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keysmith.write-concern=most");
    }

    @Test
    void prefetchBatchesBelowOneFailsAtStartupNamingTheProperty() {
        assertThat(startupFailure(builder(TestApplication.class, "keysmith.prefetch-batches=0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keysmith.prefetch-batches=0")
                .hasMessageContaining("at least 1");
    }

    /** The innermost cause of the failed start of {@code application} (Spring wraps bean failures). */
    private static Throwable startupFailure(SpringApplicationBuilder application) {
        Throwable failure = catchThrowable(application::run);
        assertThat(failure).as("the application must not start").isNotNull();
        return NestedExceptionUtils.getMostSpecificCause(failure);
    }
}
