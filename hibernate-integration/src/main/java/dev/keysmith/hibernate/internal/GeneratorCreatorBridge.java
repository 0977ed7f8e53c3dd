package dev.keysmith.hibernate.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.function.Supplier;
import org.hibernate.MappingException;
import org.hibernate.generator.Generator;
import org.hibernate.mapping.SimpleValue;

/**
 * Installs a generator on an id value in Hibernate 7.x and 6.6 alike. {@code SimpleValue#setCustomIdGeneratorCreator}
 * takes a {@code GeneratorCreator} in 7.x and an {@code IdentifierGeneratorCreator} in 6.6: two one-method
 * interfaces whose single abstract method, {@code createGenerator(context)}, differs only in the context's type.
 * This class finds the setter at run time and hands it a proxy of whichever interface it takes.
 *
 * <p>Thread-safe (stateless after class initialization).
 */
final class GeneratorCreatorBridge {

    private static final Method SETTER = Arrays.stream(SimpleValue.class.getMethods())
            .filter(method -> method.getName().equals("setCustomIdGeneratorCreator"))
            .filter(method -> method.getParameterCount() == 1)
            .findFirst()
            .orElseThrow(() -> new IllegalStateException(
                    "this Hibernate ORM has no SimpleValue#setCustomIdGeneratorCreator; keysmith supports 6.6 and 7.x"));

    private GeneratorCreatorBridge() {
    }

    /** Makes {@code id} use the generator {@code generator} creates (called once per session factory). */
    static void install(SimpleValue id, Supplier<? extends Generator> generator) {
        Class<?> creatorType = SETTER.getParameterTypes()[0];
        InvocationHandler handler = (proxy, method, args) -> switch (method.getName()) {
            case "createGenerator" -> generator.get();
            case "isAssigned" -> false;
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            case "toString" -> "keysmith generator creator";
            default -> method.isDefault() ? InvocationHandler.invokeDefault(proxy, method, args)
                    : failUnknown(method);
        };
        Object creator = Proxy.newProxyInstance(creatorType.getClassLoader(),
                new Class<?>[] {creatorType}, handler);
        try {
            SETTER.invoke(id, creator);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new MappingException("keysmith could not install its id generator", e);
        }
    }

    private static Object failUnknown(Method method) {
        throw new IllegalStateException("keysmith's generator creator does not implement " + method);
    }
}
