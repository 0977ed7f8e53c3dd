package dev.keysmith.quarkus.hibernate.deployment;

import dev.keysmith.hibernate.KeysmithMappingException;
import dev.keysmith.hibernate.internal.KeysmithMappingContributor;
import dev.keysmith.runtime.internal.JpaIds;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Embedded;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Transient;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * keysmith-hibernate's mapping checks ({@link JpaIds}, the rules its mapping contributor applies when Hibernate
 * boots), run at build time on the entity classes that Quarkus found, read from their annotations as Hibernate binds
 * them: the id attribute ({@code @Id} or {@code @EmbeddedId} on a field or getter of the class or a superclass), the
 * root entity, composite ids, {@code @Embedded} components. What needs the database (a sequence name too long for
 * the dialect) is still checked at start-up.
 */
final class JpaChecks {

    private JpaChecks() {
    }

    /** One message per entity with a mistake, each as Hibernate's boot would report it; entities in name order. */
    static List<String> problems(Collection<String> entityClassNames, ClassLoader loader) {
        JpaIds<Class<?>, Class<?>> ids = new JpaIds<>(Bindings.INSTANCE,
                KeysmithMappingContributor::isOtherGenerator);
        List<String> problems = new ArrayList<>();
        for (String name : new TreeSet<>(entityClassNames)) {
            Class<?> entity;
            try {
                entity = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                continue; // not ours to report: Hibernate will
            }
            try {
                ids.check(entity);
            } catch (KeysmithMappingException e) {
                problems.add(e.getMessage());
            }
        }
        return problems;
    }

    /** Entity and component classes as {@link JpaIds} reads Hibernate's bindings. */
    private enum Bindings implements JpaIds.Bindings<Class<?>, Class<?>> {
        INSTANCE;

        @Override
        public JpaIds.Entity<Class<?>, Class<?>> describe(Class<?> entity) {
            Class<?> root = entity;
            for (Class<?> c = entity.getSuperclass(); c != null; c = c.getSuperclass()) {
                if (c.isAnnotationPresent(Entity.class)) {
                    root = c;
                }
            }
            AnnotatedElement idMember = null;
            String idName = null;
            boolean idClass = false;
            for (Class<?> c = entity; c != null && c != Object.class && idName == null; c = c.getSuperclass()) {
                idClass |= c.isAnnotationPresent(IdClass.class);
                for (Field field : c.getDeclaredFields()) {
                    if (isId(field)) {
                        idMember = field;
                        idName = field.getName();
                        break;
                    }
                }
                for (Method method : c.getDeclaredMethods()) {
                    if (idName == null && isId(method) && method.getParameterCount() == 0) {
                        idMember = method;
                        idName = propertyName(method.getName());
                    }
                }
            }
            Class<?> composite = null;
            if (idMember != null && idMember.isAnnotationPresent(EmbeddedId.class)) {
                composite = idMember instanceof Field field ? field.getType() : ((Method) idMember).getReturnType();
            }
            return new JpaIds.Entity<>(entity, entityName(entity), entity, root, idName,
                    composite == null && !idClass, composite);
        }

        @Override
        public Map<String, Class<?>> components(Object entityOrComponent) {
            Map<String, Class<?>> components = new LinkedHashMap<>();
            for (Class<?> c = (Class<?>) entityOrComponent; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    boolean persistent = !Modifier.isStatic(field.getModifiers())
                            && !Modifier.isTransient(field.getModifiers()) && !field.isAnnotationPresent(Transient.class);
                    if (persistent && !isId(field) && (field.isAnnotationPresent(Embedded.class)
                            || field.getType().isAnnotationPresent(Embeddable.class))) {
                        components.putIfAbsent(field.getName(), field.getType());
                    }
                }
            }
            return components;
        }

        @Override
        public Class<?> type(Class<?> component) {
            return component;
        }

        @Override
        public RuntimeException error(String entity, String attribute, String problem) {
            return new KeysmithMappingException(entity, attribute, problem);
        }

        private static boolean isId(AnnotatedElement member) {
            return member.isAnnotationPresent(Id.class) || member.isAnnotationPresent(EmbeddedId.class);
        }

        private static String propertyName(String getter) {
            String bare = getter.startsWith("get") ? getter.substring(3)
                    : getter.startsWith("is") ? getter.substring(2) : getter;
            return bare.isEmpty() ? getter : Character.toLowerCase(bare.charAt(0)) + bare.substring(1);
        }

        /** {@code @Entity(name)}, else the class name without its package, as Hibernate names it. */
        private static String entityName(Class<?> entity) {
            String declared = entity.getAnnotation(Entity.class) == null ? ""
                    : entity.getAnnotation(Entity.class).name();
            return declared.isEmpty() ? entity.getName().substring(entity.getName().lastIndexOf('.') + 1) : declared;
        }
    }
}
