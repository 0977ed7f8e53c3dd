package dev.keysmith.hibernate.ogm.internal;

import dev.keysmith.hibernate.ogm.KeysmithMappingException;
import dev.keysmith.runtime.internal.JpaIds;
import java.util.LinkedHashMap;
import java.util.Iterator;
import java.util.Map;
import org.hibernate.mapping.Component;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.mapping.SimpleValue;

/**
 * Hibernate ORM 5.3's bindings (under OGM) as {@link JpaIds} reads them.
 *
 * <p>Thread-safe (stateless).
 */
enum OgmBindings implements JpaIds.Bindings<PersistentClass, Component> {
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
        Iterator<?> properties = entityOrComponent instanceof PersistentClass entity ? entity.getPropertyIterator()
                : ((Component) entityOrComponent).getPropertyIterator();
        Map<String, Component> components = new LinkedHashMap<>();
        while (properties.hasNext()) {
            Property property = (Property) properties.next();
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
