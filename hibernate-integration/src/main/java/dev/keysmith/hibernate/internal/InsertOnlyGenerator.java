package dev.keysmith.hibernate.internal;

import java.util.EnumSet;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;

/**
 * What keysmith's id generators share: Hibernate calls them once per insert, before the SQL runs.
 *
 * <p>Thread-safe (subclasses are).
 */
abstract class InsertOnlyGenerator implements BeforeExecutionGenerator {

    private static final long serialVersionUID = 1L;

    @Override
    public final EnumSet<EventType> getEventTypes() {
        return EventTypeSets.INSERT_ONLY;
    }
}
