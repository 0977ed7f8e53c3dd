package dev.keysmith.spring.mongodb.internal;

import dev.keysmith.runtime.SequenceAllocator;
import dev.keysmith.runtime.SequenceSnapshot;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The health of the sequences, whichever Spring Boot line reports it: down while any sequence's reservations fail
 * (its callers get {@code IdAllocationException}), with each sequence's snapshot as details.
 *
 * <p>Thread-safe.
 */
public final class SequenceHealth {

    private final EntityIds ids;

    public SequenceHealth(EntityIds ids) {
        this.ids = ids;
    }

    /** Whether no sequence is failing. */
    public boolean up(Map<String, Object> details) {
        boolean up = true;
        Map<String, Object> sequences = new TreeMap<>();
        for (SequenceAllocator sequence : ids.sequences()) {
            SequenceSnapshot snapshot = sequence.snapshot();
            Map<String, Object> detail = new LinkedHashMap<>();
            detail.put("failing", snapshot.failing());
            detail.put("idsHandedOut", snapshot.idsHandedOut());
            detail.put("idsLeftInRange", snapshot.idsLeftInRange());
            detail.put("idsPrefetched", snapshot.idsPrefetched());
            detail.put("reservations", snapshot.reservations());
            detail.put("failures", snapshot.failures());
            detail.put("meanReservationTime", snapshot.meanReservationTime().toString());
            sequences.put(snapshot.sequence(), detail);
            up &= !snapshot.failing();
        }
        details.put("sequences", sequences);
        return up;
    }
}
