package dev.keysmith.hibernate.internal;

import dev.keysmith.hibernate.KeysmithMappingException;
import dev.keysmith.runtime.internal.JpaIds;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hibernate.mapping.Component;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.mapping.SimpleValue;

/**
 * Hibernate ORM 6.6 and 7.x's bindings as {@link JpaIds} reads them.
 *
 * <p>Thread-safe (stateless).
 */
enum HibernateBindings implements JpaIds.Bindings<PersistentClass, Component> {
    INSTANCE;

    @Override
    public JpaIds.Entity<PersistentClass, Component> describe(PersistentClass entity) {
        String name = entity.getJpaEntityName() != null ? entity.getJpaEntityName() : entity.getEntityName();
        Property id = entity.getIdentifierProperty();
        boolean singleColumn = !entity.hasEmbeddedIdentifier() && entity.getIdentifier() instanceof SimpleValue value
                && value.getColumnSpan() == 1;
        return new JpaIds.Entity<>(entity, name, entity.getMappedClass(), entity.getRootClass(),
                id == null ? null : id.getName(), singleColumn,
                entity.getIdentifier() instanceof Component composite ? composite : null);
    }

    @Override
    public Map<String, Component> components(Object entityOrComponent) {
        List<Property> properties = entityOrComponent instanceof PersistentClass entity ? entity.getProperties()
                : ((Component) entityOrComponent).getProperties();
        Map<String, Component> components = new LinkedHashMap<>();
        for (Property property : properties) {
            if (property.getValue() instanceof Component component) {
                components.put(property.getName(), component);
            }
        }
        return components;
    }

    @Override
    public Class<?> type(Component component) {
        return component.getComponentClass();
    }

    @Override
    public RuntimeException error(String entity, String attribute, String problem) {
        return new KeysmithMappingException(entity, attribute, problem);
    }
}
