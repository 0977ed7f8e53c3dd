package dev.keysmith.runtime.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The rule book of keysmith's id annotations, written once for every front end: which Java types each strategy
 * accepts, the range and consistency checks of its attributes, and the message of each broken rule with its fix.
 * The run-time front ends (Hibernate ORM and OGM through {@link JpaIds}, Spring Data MongoDB, {@code SequenceSpec}
 * and {@code RandomIdGenerator}) ask it; the annotation processor, which cannot depend on the runtime, keeps the same
 * texts in its message catalog under the same tags, and a test feeds every rule to both and compares them.
 *
 * <p>It works on plain values (annotation names, type names, numbers), so it needs neither the annotations nor any
 * framework on the classpath.
 *
 * <p>Immutable.
 */
public final class IdRules {

    /** The most digits a {@code long} holds for every value of that length: 18 digits fit, 19 do not. */
    public static final int MAX_DIGITS = 18;

    /** The most digits an {@code int} holds for every value of that length. */
    public static final int MAX_INT_DIGITS = 9;

    private IdRules() {
    }

    /** An id strategy: its annotation, the Java types it accepts and what to use instead. */
    public enum Strategy {
        OBJECT_ID("@GeneratedObjectId", "an ObjectId or String", Set.of("org.bson.types.ObjectId", "java.lang.String"),
                "use @Sequence or @RandomId for numbers, @UuidId for UUIDs"),
        SEQUENCE("@Sequence", "a long, Long, int or Integer",
                Set.of("long", "java.lang.Long", "int", "java.lang.Integer"),
                "use @UuidId or @GeneratedObjectId for String ids"),
        UUID("@UuidId", "a UUID or String", Set.of("java.util.UUID", "java.lang.String"),
                "use @Sequence or @RandomId for numbers, @GeneratedObjectId for ObjectIds"),
        RANDOM("@RandomId", "a long or Long", Set.of("long", "java.lang.Long"),
                "use @Sequence for int ids, @UuidId or @GeneratedObjectId for String ids");

        private final String annotation;
        private final String accepted;
        private final Set<String> types;
        private final String hint;

        Strategy(String annotation, String accepted, Set<String> types, String hint) {
            this.annotation = annotation;
            this.accepted = accepted;
            this.types = types;
            this.hint = hint;
        }

        /** The annotation as the user writes it, e.g. {@code @Sequence}. */
        public String annotation() {
            return annotation;
        }

        /** {@code true} when an id of the type {@code typeName} (a primitive or a qualified class name) fits. */
        public boolean accepts(String typeName) {
            return types.contains(typeName);
        }

        /** The strategy of an annotation by its simple name ({@code "Sequence"}), or {@code null} for no strategy. */
        public static Strategy of(String annotationSimpleName) {
            for (Strategy strategy : values()) {
                if (strategy.annotation.substring(1).equals(annotationSimpleName)) {
                    return strategy;
                }
            }
            return null;
        }
    }

    /** A rule: its stable tag (the processor's too) and its text, with {@code %s}/{@code %d} for the arguments. */
    public enum Rule {
        /** Arguments: annotation, accepted types, field, its type (with article), hint. */
        ID_TYPE("KeysmithIdType", "%s needs %s field, but '%s' is %s; %s"),
        /** Arguments: field, its type (with article). */
        ID_ARRAY("KeysmithIdArray", "'%s' is %s, but an id is never an array or a collection (MongoDB's _id rules); "
                + "use a single value such as ObjectId, String, UUID or long"),
        /** Arguments: field, first annotation, second annotation. */
        ID_ANNOTATIONS("KeysmithIdAnnotations",
                "'%s' carries both %s and %s; an id has exactly one strategy, keep one annotation"),
        /** Arguments: digits. */
        RANDOM_DIGITS("KeysmithRandomDigits", "@RandomId(digits = %d) is out of range: digits must be between 1 and "
                + MAX_DIGITS + ", because " + (MAX_DIGITS + 1) + " digits overflow long"),
        /** Arguments: attempts. */
        RANDOM_ATTEMPTS("KeysmithRandomAttempts",
                "@RandomId(attempts = %d) is out of range: an insert makes at least 1 attempt"),
        /** Arguments: digits. */
        SEQUENCE_DIGITS("KeysmithSequenceDigits",
                "@Sequence(digits = %d) is out of range: digits must be between 0 (no limit) and " + MAX_DIGITS),
        /** Arguments: batch. */
        SEQUENCE_BATCH("KeysmithSequenceBatch",
                "@Sequence(batch = %d) is out of range: a batch reserves at least 1 id"),
        /** Arguments: counters, the largest allowed value. */
        SEQUENCE_COUNTERS("KeysmithSequenceCounters", "@Sequence(counters = %d) is out of range: counters must be "
                + "between 1 and %d (one id per counter at least)"),
        /** Arguments: counters, counters. */
        SEQUENCE_COUNTERS_DIGITS("KeysmithSequenceCountersDigits", "@Sequence(counters = %d) needs digits: the id "
                + "space [start, 10^digits - 1] is split among the counters; add digits, e.g. "
                + "@Sequence(counters = %d, digits = 12)"),
        /** Arguments: start, the largest allowed value. */
        SEQUENCE_START("KeysmithSequenceStart",
                "@Sequence(start = %d) is out of range: start must be between 0 and %d, the largest id of the "
                        + "sequence"),
        /** Arguments: field, its primitive type. */
        SEQUENCE_START_ZERO("KeysmithSequenceStartZero", "@Sequence(start = 0) on '%s', a primitive %s: 0 means "
                + "\"no id yet\" there, so the id 0 would be replaced on insert and never saved; use start = 1, or a "
                + "boxed id (Long, Integer) whose absence is null");

        private final String tag;
        private final String template;

        Rule(String tag, String template) {
            this.tag = tag;
            this.template = template;
        }

        /** The stable tag, e.g. {@code KeysmithIdType}. */
        public String tag() {
            return tag;
        }

        /** The text without arguments. */
        public String template() {
            return template;
        }

        /** This rule broken, with its arguments filled in. */
        public Violation with(Object... args) {
            return new Violation(this, String.format(Locale.ROOT, template, args));
        }
    }

    /**
     * A broken rule.
     *
     * @param rule the rule
     * @param text what is wrong and the fix, without the tag
     */
    public record Violation(Rule rule, String text) {

        /** The text behind its tag, {@code [KeysmithIdType] ...}: the processor's message, word for word. */
        public String message() {
            return "[" + rule.tag() + "] " + text;
        }
    }

    /**
     * What the strategies on one id attribute break: more than one strategy, an array or collection id, an id type
     * the strategy does not accept. The value checks are {@link #randomId} and {@link #sequence}.
     *
     * @param field the attribute's name
     * @param strategies the strategies on it, in the order they were found, at least one
     * @param type the attribute's type
     */
    public static List<Violation> idType(String field, List<Strategy> strategies, Class<?> type) {
        List<Violation> violations = new ArrayList<>();
        for (int i = 1; i < strategies.size(); i++) {
            violations.add(Rule.ID_ANNOTATIONS.with(field, strategies.get(0).annotation(),
                    strategies.get(i).annotation()));
        }
        Strategy strategy = strategies.get(0);
        if (type.isArray() || Collection.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type)) {
            violations.add(Rule.ID_ARRAY.with(field, describe(type)));
        } else if (!strategy.accepts(type.getName())) {
            violations.add(Rule.ID_TYPE.with(strategy.annotation(), strategy.accepted, field, describe(type),
                    strategy.hint));
        }
        return violations;
    }

    /** What {@code @RandomId(digits, attempts)} breaks. */
    public static List<Violation> randomId(int digits, int attempts) {
        List<Violation> violations = new ArrayList<>(0);
        if (digits < 1 || digits > MAX_DIGITS) {
            violations.add(Rule.RANDOM_DIGITS.with(digits));
        }
        if (attempts < 1) {
            violations.add(Rule.RANDOM_ATTEMPTS.with(attempts));
        }
        return violations;
    }

    /**
     * What {@code @Sequence} breaks, in the processor's order; a rule whose failure makes the later ones meaningless
     * stops the checks.
     *
     * @param primitive the id's primitive type ({@code long}, {@code int}), or {@code null} for a boxed id or none
     *     known ({@code SequenceSpec}'s own check)
     * @param field the attribute's name, used with {@code primitive}
     */
    public static List<Violation> sequence(int batch, int counters, int digits, long start, boolean intId,
            String primitive, String field) {
        List<Violation> violations = new ArrayList<>(0);
        if (batch < 1) {
            violations.add(Rule.SEQUENCE_BATCH.with(batch));
        }
        if (digits < 0 || digits > MAX_DIGITS) {
            violations.add(Rule.SEQUENCE_DIGITS.with(digits));
            return violations;
        }
        if (counters > 1 && digits == 0) {
            violations.add(Rule.SEQUENCE_COUNTERS_DIGITS.with(counters, counters));
            return violations;
        }
        long last = lastValue(digits, intId);
        if (start < 0 || start > last) {
            violations.add(Rule.SEQUENCE_START.with(start, last));
            return violations;
        }
        if (start == 0 && primitive != null) {
            violations.add(Rule.SEQUENCE_START_ZERO.with(field, primitive));
            return violations;
        }
        long space = last - start + 1; // overflows to a negative number for [0, Long.MAX_VALUE]
        long maxCounters = space <= 0 ? Integer.MAX_VALUE : Math.min(Integer.MAX_VALUE, space);
        if (counters < 1 || counters > maxCounters) {
            violations.add(Rule.SEQUENCE_COUNTERS.with(counters, maxCounters));
        }
        return violations;
    }

    /** The largest id of a sequence: {@code 10^digits - 1} ({@code digits > 0}), capped by the id type. */
    public static long lastValue(int digits, boolean intId) {
        long last = digits > 0 ? powerOfTen(digits) - 1 : Long.MAX_VALUE;
        return intId ? Math.min(last, Integer.MAX_VALUE) : last;
    }

    /** {@code 10^exponent}, for {@code 0 <= exponent <= 18}. */
    public static long powerOfTen(int exponent) {
        long value = 1;
        for (int i = 0; i < exponent; i++) {
            value *= 10;
        }
        return value;
    }

    /** "a String", "an int", "a long[]": the simple name a user reads in the source, with its article. */
    public static String describe(Class<?> type) {
        String text = type.getSimpleName();
        return ("AEIOU".indexOf(Character.toUpperCase(text.charAt(0))) >= 0 ? "an " : "a ") + text;
    }
}
