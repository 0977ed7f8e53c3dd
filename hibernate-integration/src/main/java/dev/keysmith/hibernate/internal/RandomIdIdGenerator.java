package dev.keysmith.hibernate.internal;

import dev.keysmith.runtime.RandomIdExhaustedException;
import dev.keysmith.runtime.RandomIdGenerator;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.EventType;
import org.hibernate.persister.entity.AbstractEntityPersister;
import org.hibernate.persister.entity.EntityPersister;

/**
 * {@code @RandomId}: a random number with exactly {@code digits} digits that is not taken yet.
 *
 * <p>JPA gives a generator no way to see the insert's unique violation (it happens at flush, possibly much later,
 * and on PostgreSQL it aborts the transaction), so the retry happens before the insert: each candidate is checked
 * against the current session's entities and against the table, on the session's own connection (which also sees
 * rows the session flushed but did not commit yet); a taken candidate is replaced by a fresh one, up to
 * {@code attempts} times, then {@link RandomIdExhaustedException} is thrown and nothing is inserted. What this
 * cannot see: a row another transaction inserted and has not committed yet. If two transactions draw the same free
 * number at the same moment, the second insert fails on the primary key (it is never silently merged); with
 * realistic {@code digits} the odds are those of drawing the same number twice.
 *
 * <p>Thread-safe.
 */
final class RandomIdIdGenerator extends InsertOnlyGenerator {

    private static final long serialVersionUID = 1L;

    private final String entityName;
    private final int attempts;
    private final transient RandomIdGenerator ids;

    RandomIdIdGenerator(String entityName, int digits, int attempts) {
        this.entityName = entityName;
        this.attempts = attempts;
        this.ids = RandomIdGenerator.create(digits);
    }

    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
            EventType eventType) {
        EntityPersister persister = session.getEntityPersister(entityName, owner);
        AbstractEntityPersister table = (AbstractEntityPersister) persister;
        String sql = "select 1 from " + table.getRootTableName() + " where "
                + table.getRootTableKeyColumnNames()[0] + " = ?";
        for (int attempt = 0; attempt < attempts; attempt++) {
            long candidate = ids.next();
            if (!inSession(session, persister, candidate) && !inTable(session, sql, candidate)) {
                return candidate;
            }
        }
        throw new RandomIdExhaustedException(persister.getEntityName(), table.getRootTableName(), attempts, null);
    }

    private static boolean inSession(SharedSessionContractImplementor session, EntityPersister persister, long id) {
        return !session.isStatelessSession()
                && session.getPersistenceContextInternal().getEntity(session.generateEntityKey(id, persister)) != null;
    }

    private static boolean inTable(SharedSessionContractImplementor session, String sql, long id) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement select = connection.prepareStatement(sql)) {
                select.setLong(1, id);
                try (ResultSet row = select.executeQuery()) {
                    return row.next();
                }
            }
        });
    }
}
