package dev.keysmith.hibernate.internal;

import dev.keysmith.hibernate.KeysmithSequences;
import dev.keysmith.runtime.CounterStore;
import dev.keysmith.runtime.IdGenerators;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hibernate.MappingException;

/**
 * The allocator settings of one session factory, read from the Hibernate settings
 * {@value KeysmithSequences#ALLOCATION_TIMEOUT_PROPERTY}, {@value KeysmithSequences#FAILURE_BACKOFF_PROPERTY} and
 * {@value KeysmithSequences#PREFETCH_BATCHES_PROPERTY} (absent: the runtime's defaults) and checked when the model
 * is built.
 *
 * <p>Immutable.
 *
 * @param allocationTimeout the allocator's allocation timeout, or null for the default
 * @param failureBackoff the allocator's failure back-off, or null for the default
 * @param prefetchBatches the most batches of a prefetching reservation, or null for the default
 */
record AllocatorSettings(Duration allocationTimeout, Duration failureBackoff, Integer prefetchBatches) {

    private static final String FORMS = "milliseconds (5000), a number with ms, s or m (5s), or ISO-8601 (PT5S)";
    private static final Pattern AMOUNT = Pattern.compile("(\\d{1,12})\\s*(ms|s|m)?");

    /** Reads the settings; a value that is not of its kind, or out of range, is a boot error naming the setting. */
    static AllocatorSettings of(Map<String, Object> settings) {
        return new AllocatorSettings(duration(settings, KeysmithSequences.ALLOCATION_TIMEOUT_PROPERTY, true),
                duration(settings, KeysmithSequences.FAILURE_BACKOFF_PROPERTY, false), batches(settings));
    }

    /** The generators of one factory over {@code store}, with these settings. */
    IdGenerators generators(CounterStore store) {
        IdGenerators.Builder builder = IdGenerators.builder(store);
        if (allocationTimeout != null) {
            builder.allocationTimeout(allocationTimeout);
        }
        if (failureBackoff != null) {
            builder.failureBackoff(failureBackoff);
        }
        if (prefetchBatches != null) {
            builder.prefetchBatches(prefetchBatches);
        }
        return builder.build();
    }

    private static Integer batches(Map<String, Object> settings) {
        String name = KeysmithSequences.PREFETCH_BATCHES_PROPERTY;
        Object value = settings.get(name);
        if (value == null) {
            return null;
        }
        try {
            int batches = value instanceof Integer number ? number : Integer.parseInt(value.toString().trim());
            if (batches >= 1) {
                return batches;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new MappingException("[keysmith] " + name + " = '" + value + "' is not a valid number of batches: use"
                + " a whole number of at least 1 (1: one batch per reservation; 16 by default)");
    }

    private static Duration duration(Map<String, Object> settings, String name, boolean positive) {
        Object value = settings.get(name);
        if (value == null) {
            return null;
        }
        Duration parsed = value instanceof Duration duration ? duration : parse(value.toString());
        if (parsed == null || parsed.isNegative() || positive && parsed.isZero()) {
            throw invalid(name, settings, (positive ? "use a positive duration: " : "use a duration that is not"
                    + " negative: ") + FORMS);
        }
        return parsed;
    }

    private static Duration parse(String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        Matcher amount = AMOUNT.matcher(text);
        if (amount.matches()) {
            long number = Long.parseLong(amount.group(1));
            String unit = amount.group(2) == null ? "ms" : amount.group(2);
            return switch (unit) {
                case "s" -> Duration.ofSeconds(number);
                case "m" -> Duration.ofMinutes(number);
                default -> Duration.ofMillis(number);
            };
        }
        try {
            return Duration.parse(text.toUpperCase(Locale.ROOT));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static MappingException invalid(String name, Map<String, Object> settings, String fix) {
        return new MappingException("[keysmith] " + name + " = '" + settings.get(name) + "' is not a valid "
                + (name.equals(KeysmithSequences.ALLOCATION_TIMEOUT_PROPERTY) ? "allocation timeout"
                        : "failure back-off") + ": " + fix);
    }
}
