package dev.keysmith.hibernate.internal;

import dev.keysmith.annotations.GeneratedObjectId;
import dev.keysmith.annotations.RandomId;
import dev.keysmith.annotations.Sequence;
import dev.keysmith.annotations.UuidId;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An attribute of an entity class (a field, or a getter for property access, declared on the class or on a
 * superclass such as a {@code @MappedSuperclass}) that carries keysmith id annotations.
 *
 * <p>Immutable.
 *
 * @param name the attribute's name (the field's name, or the getter's name without {@code get}/{@code is})
 * @param type the attribute's Java type
 * @param member the field or getter
 * @param annotations the keysmith id annotations on it, at least one
 */
record AnnotatedAttribute(String name, Class<?> type, AnnotatedElement member, List<Annotation> annotations) {

    static final List<Class<? extends Annotation>> ID_ANNOTATIONS =
            List.of(GeneratedObjectId.class, Sequence.class, UuidId.class, RandomId.class);

    /** The keysmith-annotated attributes of {@code type} and its superclasses; the most derived declaration wins. */
    static List<AnnotatedAttribute> of(Class<?> type) {
        Map<String, AnnotatedAttribute> byName = new LinkedHashMap<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    collect(byName, field.getName(), field.getType(), field);
                }
            }
            for (Method method : c.getDeclaredMethods()) {
                String property = propertyName(method);
                if (property != null) {
                    collect(byName, property, method.getReturnType(), method);
                }
            }
        }
        return List.copyOf(byName.values());
    }

    /** The annotations on this attribute's member that are not keysmith's. */
    List<Annotation> otherAnnotations() {
        List<Annotation> others = new ArrayList<>();
        for (Annotation annotation : member.getAnnotations()) {
            if (!ID_ANNOTATIONS.contains(annotation.annotationType())) {
                others.add(annotation);
            }
        }
        return others;
    }

    /** {@code true} when {@code annotation} sits on this attribute's member. */
    boolean has(Class<? extends Annotation> annotation) {
        return member.isAnnotationPresent(annotation);
    }

    private static void collect(Map<String, AnnotatedAttribute> byName, String name, Class<?> type,
            AnnotatedElement member) {
        List<Annotation> found = new ArrayList<>();
        for (Class<? extends Annotation> annotation : ID_ANNOTATIONS) {
            Annotation present = member.getAnnotation(annotation);
            if (present != null) {
                found.add(present);
            }
        }
        if (!found.isEmpty()) {
            byName.putIfAbsent(name, new AnnotatedAttribute(name, type, member, List.copyOf(found)));
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
