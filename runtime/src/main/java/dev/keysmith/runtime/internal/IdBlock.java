package dev.keysmith.runtime.internal;

/**
 * A reserved block of consecutive ids {@code [first, last]}, taken from one counter.
 *
 * <p>Immutable.
 *
 * @param counter the counter the block was reserved from
 * @param first the first id
 * @param last the last id, at least {@code first}
 */
public record IdBlock(String counter, long first, long last) {

    /** How many ids the block holds. */
    public long size() {
        return last - first + 1;
    }
}
