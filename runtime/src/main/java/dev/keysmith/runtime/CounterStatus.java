package dev.keysmith.runtime;

import java.util.OptionalLong;

/**
 * One counter of a sequence next to the data: what {@link SequenceResync#check} and {@link SequenceResync#resync}
 * report. The counter is <em>behind</em> when its next value would give an id that the data already holds, that is
 * when {@code counterValue < largestId - firstId + 1}: an insert would then meet a duplicate id.
 *
 * <p>Immutable.
 *
 * @param sequence the sequence's name
 * @param counter the counter's name (the sequence's name, or {@code name#i} for counter {@code i} of a striped one)
 * @param firstId the first id of the counter's part of the id space
 * @param lastId the last id of the counter's part of the id space
 * @param counterValue the counter's value when it was read (how many values were reserved), before any resync
 * @param largestId the largest id in {@code [firstId, lastId]} that the data holds; empty when it holds none
 * @param counterAfter the counter's value after a resync; {@code counterValue} for a check
 */
public record CounterStatus(String sequence, String counter, long firstId, long lastId, long counterValue,
        OptionalLong largestId, long counterAfter) {

    /** The counter value that hands out ids above the data only: {@code largestId - firstId + 1}, or 0. */
    public long neededValue() {
        return largestId.isPresent() ? largestId.getAsLong() - firstId + 1 : 0;
    }

    /** Whether the counter was behind the data when it was read. */
    public boolean behind() {
        return counterValue < neededValue();
    }

    /** The id the counter would hand out next, had nothing else been reserved: {@code firstId + counterValue}. */
    public long nextId() {
        return counterValue > lastId - firstId ? lastId : firstId + counterValue;
    }

    @Override
    public String toString() {
        return "counter '" + counter + "' of sequence '" + sequence + "' at " + counterValue + " (next id " + nextId()
                + "), largest id in [" + firstId + ", " + lastId + "]: "
                + (largestId.isPresent() ? largestId.getAsLong() : "none")
                + (counterAfter != counterValue ? ", raised to " + counterAfter : "");
    }
}
