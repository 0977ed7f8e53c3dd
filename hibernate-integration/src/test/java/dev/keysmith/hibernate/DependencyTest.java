package dev.keysmith.hibernate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Done-when 6: a JPA-only consumer gets no MongoDB driver. The test classpath holds everything keysmith-hibernate
 * brings at run time (plus test tools), so a driver class missing here is missing for every consumer.
 */
class DependencyTest {

    @Test
    void theMongoDbDriverIsNotOnTheClasspath() {
        assertThatThrownBy(() -> Class.forName("com.mongodb.client.MongoClient"))
                .isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> Class.forName("com.mongodb.MongoClientSettings"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void bsonIsThereForObjectIdsAsItsOwnArtifact() throws Exception {
        // Class.forName throws rather than return null; what can go wrong is where ObjectId comes from: the bson
        // artifact, not a driver bundle that carries the class too.
        String jar = Class.forName("org.bson.types.ObjectId").getProtectionDomain().getCodeSource().getLocation()
                .getPath();
        assertThat(jar.substring(jar.lastIndexOf('/') + 1)).startsWith("bson-").endsWith(".jar");
    }
}
