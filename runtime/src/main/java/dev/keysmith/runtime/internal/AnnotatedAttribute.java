package dev.keysmith.runtime.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An attribute of an entity class (a field, or a getter for property access, declared on the class or on a
 * superclass such as a {@code @MappedSuperclass}) that carries id annotations: the reflection that the JPA routes
 * (Hibernate ORM and Hibernate OGM) share to find keysmith's annotations. It takes the annotation types as an
 * argument, so that the runtime does not depend on {@code keysmith-annotations}.
 *
 * <p>Immutable.
 *
 * @param name the attribute's name (the field's name, or the getter's name without {@code get}/{@code is})
 * @param type the attribute's Java type
 * @param member the field or getter
 * @param annotations the wanted annotations on it, at least one, in the order they were asked for
 */
public record AnnotatedAttribute(String name, Class<?> type, AnnotatedElement member, List<Annotation> annotations) {

    /** The type of the parameter Kotlin adds last to the constructors it makes. */
    private static final String KOTLIN_CONSTRUCTOR_MARKER = "kotlin.jvm.internal.DefaultConstructorMarker";


    /** Immutable copy of the annotations. */
    public AnnotatedAttribute {
        annotations = List.copyOf(annotations);
    }

    /**
     * The attributes of {@code type} and its superclasses that carry at least one of {@code wanted}; the most
     * derived declaration of a name wins.
     */
    public static List<AnnotatedAttribute> of(Class<?> type, List<Class<? extends Annotation>> wanted) {
        Map<String, AnnotatedAttribute> byName = new LinkedHashMap<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    collect(byName, field.getName(), field.getType(), field, wanted);
                }
            }
            for (Method method : c.getDeclaredMethods()) {
                String property = propertyName(method);
                if (property != null) {
                    collect(byName, property, method.getReturnType(), method, wanted);
                }
            }
        }
        return List.copyOf(byName.values());
    }

    /**
     * What a run-time route that reads fields and getters ({@code route}: "Hibernate", "Spring Data") must refuse:
     * {@code wanted} annotations on the parameters of {@code type}'s constructors when no attribute of it carries
     * one. Kotlin before 2.4 (2.2 and 2.3 unless compiled with {@code -Xannotation-default-target=param-property})
     * puts an annotation written on a constructor property on the parameter alone, where such a route does not
     * see it, and the id would silently not be generated. The problem, naming the first such parameter (by its
     * name as compiled, else its position) and the fix; empty when there is nothing to refuse.
     */
    public static Optional<String> onConstructorParametersOnly(Class<?> type, List<Class<? extends Annotation>> wanted,
            String route) {
        if (!of(type, wanted).isEmpty()) {
            return Optional.empty();
        }
        // the constructors the source declares first: Kotlin adds synthetic ones (for value-class parameters, default
        // arguments) whose extra parameters no one wrote
        List<Constructor<?>> constructors = new ArrayList<>(List.of(type.getDeclaredConstructors()));
        constructors.sort(Comparator.comparing(Constructor::isSynthetic));
        for (Constructor<?> constructor : constructors) {
            Parameter[] parameters = constructor.getParameters();
            int written = writtenParameters(parameters);
            for (int i = 0; i < written; i++) {
                for (Class<? extends Annotation> annotation : wanted) {
                    if (parameters[i].isAnnotationPresent(annotation)) {
                        String name = "@" + annotation.getSimpleName();
                        return Optional.of(name + " is on the constructor parameter " + (parameters[i].isNamePresent()
                                ? "'" + parameters[i].getName() + "'" : (i + 1) + " of " + written)
                                + " and on no field or getter, where " + route + " reads it (Kotlin before 2.4 puts an "
                                + "annotation written on a constructor property on the parameter alone); compile "
                                + "with -Xannotation-default-target=param-property, or write @field:"
                                + annotation.getSimpleName());
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * How many of {@code parameters} the source wrote: all but Kotlin's trailing {@code DefaultConstructorMarker},
     * which it adds to the constructors it makes for value-class parameters and default arguments.
     */
    private static int writtenParameters(Parameter[] parameters) {
        int count = parameters.length;
        return count > 0 && parameters[count - 1].getType().getName().equals(KOTLIN_CONSTRUCTOR_MARKER)
                ? count - 1 : count;
    }


    /** The annotations on this attribute's member other than the wanted ones it carries. */
    public List<Annotation> otherAnnotations() {
        List<Annotation> others = new ArrayList<>();
        for (Annotation annotation : member.getAnnotations()) {
            if (!annotations.contains(annotation)) {
                others.add(annotation);
            }
        }
        return others;
    }

    /** {@code true} when {@code annotation} sits on this attribute's member. */
    public boolean has(Class<? extends Annotation> annotation) {
        return member.isAnnotationPresent(annotation);
    }

    private static void collect(Map<String, AnnotatedAttribute> byName, String name, Class<?> type,
            AnnotatedElement member, List<Class<? extends Annotation>> wanted) {
        List<Annotation> found = new ArrayList<>();
        for (Class<? extends Annotation> annotation : wanted) {
            Annotation present = member.getAnnotation(annotation);
            if (present != null) {
                found.add(present);
            }
        }
        if (!found.isEmpty()) {
            byName.putIfAbsent(name, new AnnotatedAttribute(name, type, member, found));
        }
    }

    private static String propertyName(Method method) {
        if (Modifier.isStatic(method.getModifiers()) || method.getParameterCount() != 0
                || method.getReturnType() == void.class) {
            return null;
        }
        String name = method.getName();
        String rest;
        if (name.startsWith("get") && name.length() > 3) {
            rest = name.substring(3);
        } else if (name.startsWith("is") && name.length() > 2) {
            rest = name.substring(2);
        } else {
            return null;
        }
        // JavaBeans: "URL" stays "URL", "Id" becomes "id".
        if (rest.length() > 1 && Character.isUpperCase(rest.charAt(0)) && Character.isUpperCase(rest.charAt(1))) {
            return rest;
        }
        return rest.substring(0, 1).toLowerCase(Locale.ROOT) + rest.substring(1);
    }
}
