package dev.keysmith.spring.mongodb;

import com.mongodb.MongoClientSettings;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.util.ClassUtils;

/**
 * Counts the {@code insert} commands an application's MongoDB clients send, per collection: a driver
 * {@link CommandListener} added to every client Spring Boot makes (blocking and reactive) through Boot's client
 * settings customizer, whose package differs between Boot 3 and Boot 4.
 *
 * <p>Thread-safe.
 */
final class InsertCommands implements CommandListener {

    private static final String[] CUSTOMIZERS = {
            "org.springframework.boot.autoconfigure.mongo.MongoClientSettingsBuilderCustomizer",
            "org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer"};

    private final Map<String, AtomicInteger> byCollection = new ConcurrentHashMap<>();

    @Override
    public void commandStarted(CommandStartedEvent event) {
        if (event.getCommandName().equals("insert")) {
            byCollection.computeIfAbsent(event.getCommand().getString("insert").getValue(),
                    collection -> new AtomicInteger()).incrementAndGet();
        }
    }

    /** How many insert commands went to {@code collection} so far. */
    int into(String collection) {
        AtomicInteger count = byCollection.get(collection);
        return count == null ? 0 : count.get();
    }

    /** The initializer that registers this listener with every client of the application it initializes. */
    ApplicationContextInitializer<GenericApplicationContext> registered() {
        return context -> {
            Class<?> customizer = customizerClass(context.getClassLoader());
            Object addsListener = Proxy.newProxyInstance(customizer.getClassLoader(), new Class<?>[] {customizer},
                    (proxy, method, arguments) -> switch (method.getName()) {
                        case "customize" -> {
                            ((MongoClientSettings.Builder) arguments[0]).addCommandListener(this);
                            yield null;
                        }
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == arguments[0];
                        default -> "InsertCommands.customizer";
                    });
            registerBean(context, customizer, addsListener);
        };
    }

    @SuppressWarnings("unchecked")
    private static <T> void registerBean(GenericApplicationContext context, Class<T> type, Object bean) {
        context.registerBean("insertCommandsCustomizer", type, () -> (T) bean);
    }

    private static Class<?> customizerClass(ClassLoader loader) {
        for (String name : CUSTOMIZERS) {
            if (ClassUtils.isPresent(name, loader)) {
                return ClassUtils.resolveClassName(name, loader);
            }
        }
        throw new IllegalStateException("neither Boot 3's nor Boot 4's MongoClientSettingsBuilderCustomizer is present");
    }
}
