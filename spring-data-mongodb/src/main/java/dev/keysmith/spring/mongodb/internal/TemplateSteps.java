package dev.keysmith.spring.mongodb.internal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Protected steps of Spring Data's templates that keysmith's batch inserts call ({@link AfterSaveCallbacks},
 * {@link ReactiveAfterSaveCallbacks}); apart from both so that neither template's class is loaded for the other
 * route (the blocking template's needs the synchronous driver).
 *
 * <p>Stateless; thread-safe.
 */
final class TemplateSteps {

    private TemplateSteps() {
    }

    /** The protected method {@code name} of {@code template}, made callable. */
    static Method step(Class<?> template, String name, Class<?>... parameters) {
        try {
            Method method = template.getDeclaredMethod(name, parameters);
            method.setAccessible(true);
            return method;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("[keysmith] " + template.getName() + " has no " + name
                    + ", which keysmith's batch inserts call; use a Spring Data MongoDB version keysmith supports", e);
        }
    }

    /** {@code method} called on {@code target}; what it throws is thrown as it is. */
    static Object call(Method method, Object target, Object... arguments) {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
