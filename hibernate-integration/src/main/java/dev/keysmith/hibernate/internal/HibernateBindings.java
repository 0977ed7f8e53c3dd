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
    public String name(PersistentClass entity) {
        return entity.getJpaEntityName() != null ? entity.getJpaEntityName() : entity.getEntityName();
    }

    @Override
    public Class<?> mappedClass(PersistentClass entity) {
        return entity.getMappedClass();
    }

    @Override
    public PersistentClass root(PersistentClass entity) {
        return entity.getRootClass();
    }

    @Override
    public String idName(PersistentClass entity) {
        Property id = entity.getIdentifierProperty();
        return id == null ? null : id.getName();
    }

    @Override
    public boolean singleColumnId(PersistentClass entity) {
        return !entity.hasEmbeddedIdentifier() && entity.getIdentifier() instanceof SimpleValue id
                && id.getColumnSpan() == 1;
    }

    @Override
    public Component compositeId(PersistentClass entity) {
        return entity.getIdentifier() instanceof Component id ? id : null;
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
