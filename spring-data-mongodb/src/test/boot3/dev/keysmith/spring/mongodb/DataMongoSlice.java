package dev.keysmith.spring.mongodb;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.autoconfigure.data.mongo.DataMongoTest;

/**
 * Spring Boot 3's {@code @DataMongoTest}, under a name the test sources shared by both Boot lines can use (Boot 4
 * moved the annotation to another package and module). Each module compiles its own line's version of this file.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@DataMongoTest
public @interface DataMongoSlice {
}
