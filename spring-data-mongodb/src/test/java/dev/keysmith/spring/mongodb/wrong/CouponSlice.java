package dev.keysmith.spring.mongodb.wrong;

import dev.keysmith.spring.mongodb.DataMongoSlice;
import dev.keysmith.spring.mongodb.SliceMongo;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A {@code @DataMongoTest} slice of {@link WrongApplication}, whose context must fail to start as the application
 * does. Not a test of its own (surefire runs only {@code *Test} classes): {@code StartupCheckTest} loads its context.
 */
@DataMongoSlice
public class CouponSlice {

    @DynamicPropertySource
    static void mongo(DynamicPropertyRegistry registry) {
        SliceMongo.register(registry);
    }
}
