package dev.keysmith.runtime.testing;

import dev.keysmith.runtime.internal.IdRules;
import dev.keysmith.runtime.internal.IdRules.Rule;
import java.util.List;
import java.util.stream.Stream;

/**
 * The table of id mistakes that every front end must judge alike: the processor, Hibernate ORM (7.4 and 6.6),
 * Hibernate OGM and Spring Data MongoDB each wrap a row's members into an entity of their own kind (their
 * {@code @Entity}/{@code @Document}, their {@code @Id}), compile it, and check that they refuse it with the rule
 * book's text, or accept it. Each row is one rule of {@code docs/troubleshooting.md} (several rows per rule where its
 * bounds differ), plus rows that every front end must accept.
 *
 * <p>The entity is always {@code Ledger}; its id is {@code id} unless the row says otherwise.
 *
 * @param name what the row tries
 * @param id the id's declaration, its annotations and type, without {@code @Id} and without the name
 * @param second a second member with an id annotation, without its name {@code token}, or {@code ""}
 * @param field the attribute the error is on
 * @param expected the rule book's verdict: the broken rule with its text, or {@code null} when every front end must
 *     accept the entity
 */
public record IdMistakes(String name, String id, String second, String field, IdRules.Violation expected) {

    private static final String SEQUENCE_HINT = "use @UuidId or @GeneratedObjectId for String ids";

    /** Every row. */
    public static final List<IdMistakes> ALL = List.of(
            refused("ObjectId on a Long", "@GeneratedObjectId Long", Rule.ID_TYPE.with("@GeneratedObjectId",
                    "an ObjectId or String", "id", "a Long", "use @Sequence or @RandomId for numbers, @UuidId for UUIDs")),
            refused("Sequence on a String", "@Sequence String",
                    Rule.ID_TYPE.with("@Sequence", "a long, Long, int or Integer", "id", "a String", SEQUENCE_HINT)),
            refused("UuidId on a Long", "@UuidId Long", Rule.ID_TYPE.with("@UuidId", "a UUID or String", "id", "a Long",
                    "use @Sequence or @RandomId for numbers, @GeneratedObjectId for ObjectIds")),
            refused("RandomId on an Integer", "@RandomId Integer", Rule.ID_TYPE.with("@RandomId", "a long or Long",
                    "id", "an Integer", "use @Sequence for int ids, @UuidId or @GeneratedObjectId for String ids")),
            refused("an array id", "@Sequence long[]", Rule.ID_ARRAY.with("id", "a long[]")),
            refused("two strategies on one id", "@Sequence @RandomId Long",
                    Rule.ID_ANNOTATIONS.with("id", "@Sequence", "@RandomId")),
            refused("RandomId with 19 digits", "@RandomId(digits = 19) Long", Rule.RANDOM_DIGITS.with(19)),
            refused("RandomId with 0 digits", "@RandomId(digits = 0) Long", Rule.RANDOM_DIGITS.with(0)),
            refused("RandomId without attempts", "@RandomId(attempts = 0) Long", Rule.RANDOM_ATTEMPTS.with(0)),
            refused("Sequence with 19 digits", "@Sequence(digits = 19) Long", Rule.SEQUENCE_DIGITS.with(19)),
            refused("Sequence with negative digits", "@Sequence(digits = -1) Long", Rule.SEQUENCE_DIGITS.with(-1)),
            refused("Sequence with batch 0", "@Sequence(batch = 0) Long", Rule.SEQUENCE_BATCH.with(0)),
            refused("Sequence with 0 counters", "@Sequence(counters = 0) Long",
                    Rule.SEQUENCE_COUNTERS.with(0, (long) Integer.MAX_VALUE)),
            refused("Sequence with more counters than ids", "@Sequence(counters = 10, digits = 1) Long",
                    Rule.SEQUENCE_COUNTERS.with(10, 9L)),
            refused("striped Sequence without digits", "@Sequence(counters = 4) Long",
                    Rule.SEQUENCE_COUNTERS_DIGITS.with(4, 4)),
            refused("Sequence starting below 0", "@Sequence(start = -1) Long",
                    Rule.SEQUENCE_START.with(-1L, Long.MAX_VALUE)),
            refused("Sequence starting beyond its digits", "@Sequence(digits = 3, start = 1000) Long",
                    Rule.SEQUENCE_START.with(1000L, 999L)),
            refused("Sequence starting beyond int", "@Sequence(start = 3000000000L) Integer",
                    Rule.SEQUENCE_START.with(3_000_000_000L, (long) Integer.MAX_VALUE)),
            refused("Sequence from 0 on a primitive long", "@Sequence(start = 0) long",
                    Rule.SEQUENCE_START_ZERO.with("id", "long")),
            refused("Sequence from 0 on a primitive int", "@Sequence(start = 0) int",
                    Rule.SEQUENCE_START_ZERO.with("id", "int")),
            // A rule every front end has in its own words (the processor's KeysmithTwoIds; "works only on the @Id"
            // in JPA and Spring): refused everywhere, on the second field, naming the id.
            new IdMistakes("a second id annotation", "@Sequence Long", "@UuidId java.util.UUID", "token", null),
            accepted("Sequence from 0 on a Long", "@Sequence(start = 0) Long"),
            accepted("RandomId with 18 digits", "@RandomId(digits = 18) Long"),
            accepted("striped Sequence with digits", "@Sequence(counters = 4, digits = 12) Long"),
            accepted("Sequence on a primitive int", "@Sequence int"),
            accepted("ObjectId on a String", "@GeneratedObjectId String"),
            accepted("UuidId on a UUID", "@UuidId java.util.UUID"));

    /** The rows, for JUnit's {@code @MethodSource("dev.keysmith.runtime.testing.IdMistakes#all")}. */
    public static Stream<IdMistakes> all() {
        return ALL.stream();
    }

    private static IdMistakes refused(String name, String id, IdRules.Violation expected) {
        return new IdMistakes(name, id, "", "id", expected);
    }

    private static IdMistakes accepted(String name, String id) {
        return new IdMistakes(name, id, "", "id", null);
    }

    /** The entity's simple name in every front end's source. */
    public static final String ENTITY = "Ledger";

    /** The entity's qualified name. */
    public static final String QUALIFIED_ENTITY = "conformance." + ENTITY;

    /**
     * The entity's source in a front end's terms: the class marked {@code entity}, its members with
     * {@code modifiers}, the row's id marked {@code id} too, and a plain field beside it.
     */
    public String source(String entity, String id, String modifiers) {
        return String.join("\n",
                "package conformance;",
                "",
                "import dev.keysmith.annotations.*;",
                "",
                entity,
                "public class " + ENTITY + " {",
                "    " + id + " " + modifiers + this.id + " id;",
                second.isEmpty() ? "" : "    " + modifiers + second + " token;",
                "    " + modifiers + "String note;",
                "}");
    }

    /** Whether every front end must refuse the entity: a rule book's rule, or a rule each states in its own words. */
    public boolean refused() {
        return expected != null || !second.isEmpty();
    }

    /** The message a front end's exception carries: the rule book's text behind {@code <entity>.<field>: }. */
    public String message(String prefix, String entity) {
        return prefix + entity + "." + field + ": " + expected.text();
    }

    @Override
    public String toString() {
        return name;
    }
}
