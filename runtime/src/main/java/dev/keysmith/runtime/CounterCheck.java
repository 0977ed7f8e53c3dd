package dev.keysmith.runtime;

/**
 * What keysmith does at start-up with a sequence whose counter is behind its data (see {@link SequenceResync}).
 * Each route documents its default and where it runs the check.
 *
 * <p>Immutable.
 */
public enum CounterCheck {
    /** No check: nothing is read at start-up. */
    OFF,
    /** Logs a warning naming the sequence, the counter, the largest id and the fix; starts anyway. */
    WARN,
    /** Fails the start with {@link CounterBehindDataException}. */
    FAIL,
    /** Brings the counter up to the data ({@link SequenceResync#resync}) and logs what it did. */
    RESYNC;

    /**
     * The value named {@code text}, in any case ({@code off}, {@code warn}, {@code fail}, {@code resync}).
     *
     * @throws IllegalArgumentException naming {@code setting}, the value and the accepted ones
     */
    public static CounterCheck parse(String setting, String text) {
        if (text != null) {
            for (CounterCheck check : values()) {
                if (check.name().equalsIgnoreCase(text.trim())) {
                    return check;
                }
            }
        }
        throw new IllegalArgumentException(setting + " = '" + text + "' is not a counter check; use off, warn, fail"
                + " or resync");
    }
}
