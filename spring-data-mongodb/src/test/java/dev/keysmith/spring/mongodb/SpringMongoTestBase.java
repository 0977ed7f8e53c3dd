package dev.keysmith.spring.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import dev.keysmith.mongodb.testing.TestMongo;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts Spring Boot applications on a fresh database of the test's MongoDB server (embedded unless
 * {@code -Dkeysmith.mongodb.uri} names a real one), the way an application configures it: by properties only.
 * The URI is given under the names of both Boot lines ({@code spring.data.mongodb.*} in Boot 3,
 * {@code spring.mongodb.*} in Boot 4), so the same tests run on either.
 */
abstract class SpringMongoTestBase {

    static TestMongo mongo;
    MongoClient client;
    String databaseName;
    MongoDatabase database;
    private final List<ConfigurableApplicationContext> contexts = new ArrayList<>();
    /**
     * Which of Spring Boot's MongoDB routes the applications this test starts have (both drivers are on the tests'
     * class path): blocking only unless a test says otherwise ({@link #REACTIVE_ONLY}, or none for both routes).
     */
    List<String> routes = List.of(BLOCKING_ONLY);

    /** Spring Boot's reactive MongoDB auto-configurations, by their names on both Boot lines. */
    private static final List<String> REACTIVE_AUTO_CONFIGURATIONS = List.of(
            "org.springframework.boot.autoconfigure.mongo.MongoReactiveAutoConfiguration",
            "org.springframework.boot.autoconfigure.data.mongo.MongoReactiveDataAutoConfiguration",
            "org.springframework.boot.autoconfigure.data.mongo.MongoReactiveRepositoriesAutoConfiguration",
            "org.springframework.boot.mongodb.autoconfigure.MongoReactiveAutoConfiguration",
            "org.springframework.boot.data.mongodb.autoconfigure.DataMongoReactiveAutoConfiguration",
            "org.springframework.boot.data.mongodb.autoconfigure.DataMongoReactiveRepositoriesAutoConfiguration");

    /** Spring Boot's blocking MongoDB auto-configurations, by their names on both Boot lines. */
    private static final List<String> BLOCKING_AUTO_CONFIGURATIONS = List.of(
            "org.springframework.boot.autoconfigure.mongo.MongoAutoConfiguration",
            "org.springframework.boot.autoconfigure.data.mongo.MongoDataAutoConfiguration",
            "org.springframework.boot.autoconfigure.data.mongo.MongoRepositoriesAutoConfiguration",
            "org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration",
            "org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration",
            "org.springframework.boot.data.mongodb.autoconfigure.DataMongoRepositoriesAutoConfiguration");

    /** An application as with {@code spring-boot-starter-data-mongodb} alone: the blocking route only. */
    static final String BLOCKING_ONLY = "spring.autoconfigure.exclude=" + String.join(",", REACTIVE_AUTO_CONFIGURATIONS);

    /** An application as with {@code spring-boot-starter-data-mongodb-reactive} alone: the reactive route only. */
    static final String REACTIVE_ONLY = "spring.autoconfigure.exclude=" + String.join(",", BLOCKING_AUTO_CONFIGURATIONS);

    @BeforeAll
    static void startServer() {
        mongo = TestMongo.start();
    }

    @AfterAll
    static void stopServer() {
        mongo.close();
    }

    @BeforeEach
    void freshDatabase() {
        client = mongo.newClient();
        databaseName = mongo.freshDatabaseName();
        database = client.getDatabase(databaseName);
    }

    @AfterEach
    void closeContexts() {
        contexts.forEach(ConfigurableApplicationContext::close);
        contexts.clear();
    }

    /** A started application of {@code application} on the test's database; closed after the test. */
    ConfigurableApplicationContext start(Class<?> application, String... properties) {
        return start(builder(application, properties));
    }

    /** The application {@code builder} (from {@link #builder}) makes, started; closed after the test. */
    ConfigurableApplicationContext start(SpringApplicationBuilder builder) {
        ConfigurableApplicationContext context = builder.run();
        contexts.add(context);
        return context;
    }

    /**
     * A started web application of {@code application} on the test's database, its server on a free port
     * ({@code local.server.port}); closed after the test.
     */
    ConfigurableApplicationContext startWeb(Class<?> application, String... properties) {
        List<String> all = new ArrayList<>(List.of(properties));
        all.add("server.port=0");
        all.add("server.address=127.0.0.1");
        ConfigurableApplicationContext context = builder(application, all.toArray(String[]::new))
                .web(WebApplicationType.SERVLET).run();
        contexts.add(context);
        return context;
    }

    /** The builder of {@link #start}, for a test that expects the start to fail. */
    SpringApplicationBuilder builder(Class<?> application, String... properties) {
        List<String> all = new ArrayList<>(STANDARD_UUIDS);
        all.addAll(List.of(properties));
        return builderWithDefaultUuidRepresentation(application, all.toArray(String[]::new));
    }

    /** The builder of {@link #start} without a UUID representation setting: the client has its Boot line's default. */
    SpringApplicationBuilder builderWithDefaultUuidRepresentation(Class<?> application, String... properties) {
        List<String> all = new ArrayList<>(connection(mongo.uri(), databaseName));
        all.add("spring.main.banner-mode=off");
        all.addAll(routes);
        all.addAll(List.of(properties));
        return new SpringApplicationBuilder(application)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                // closes the reactive route's Netty threads without Netty's 2 s quiet period (NettyQuietShutdown)
                .initializers(context -> context.getBeanFactory().addBeanPostProcessor(new NettyQuietShutdown()))
                .properties(all.toArray(String[]::new));
    }

    /** The standard UUID representation keysmith asks for, under the property names of both Boot lines. */
    static final List<String> STANDARD_UUIDS = List.of(
            "spring.data.mongodb.uuid-representation=standard",
            "spring.mongodb.representation.uuid=standard");

    /**
     * The properties ({@code name=value}) that point an application at {@code database} of the server at
     * {@code serverUri}, on both Boot lines.
     */
    static List<String> connection(String serverUri, String database) {
        String uri = withDatabase(serverUri, database);
        return List.of(
                "spring.data.mongodb.uri=" + uri,
                "spring.mongodb.uri=" + uri,
                "logging.level.root=warn");
    }

    /** {@code uri} with {@code database} as its path (a real server's URI may carry options after '?'). */
    private static String withDatabase(String uri, String database) {
        int query = uri.indexOf('?');
        String base = query < 0 ? uri : uri.substring(0, query);
        String options = query < 0 ? "" : uri.substring(query);
        int hosts = base.indexOf("//") + 2;
        int path = base.indexOf('/', hosts);
        return (path < 0 ? base : base.substring(0, path)) + "/" + database + options;
    }
}
