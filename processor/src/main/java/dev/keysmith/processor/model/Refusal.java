package dev.keysmith.processor.model;

import java.util.List;
import javax.lang.model.element.Element;

/**
 * A shape of a class that the driver's {@code PojoCodec} refuses (or would store so that its own documents lose
 * a value), or that no generated code can serve, found while reading it; the validator reports it as a compile
 * error.
 *
 * @param element where the error is reported (valid in the current round only)
 * @param rule the rule that is broken
 * @param arguments the names the message needs, in the order of the rule's message
 *
 * <p>Immutable (its element is valid in the current round only).
 */
public record Refusal(Element element, Rule rule, List<String> arguments) {

    /** The shapes refused. */
    public enum Rule {
        /** One driver annotation twice on a property's side (field and getter, or field and setter). */
        DUPLICATE_ANNOTATION,
        /** A getter or setter whose type is unrelated to the property's type. */
        TYPE_CONFLICT,
        /** A property with a setter and nothing to read it from: the driver cannot encode the class. */
        WRITE_ONLY,
        /** {@code @BsonProperty} gives a property one name when written and another when read. */
        NAME_MISMATCH,
        /** More than one {@code @BsonCreator}. */
        TWO_CREATORS,
        /** A static {@code @BsonCreator} method that returns neither its class nor a subclass. */
        CREATOR_RETURN,
        /** A superclass's static {@code @BsonCreator} whose result can never be an instance of the type. */
        CREATOR_RESULT,
        /** A {@code @BsonId} parameter of a {@code @BsonCreator} in a class without an id property. */
        CREATOR_ID,
        /**
         * A Kotlin property of a value class type, whose getter (and the constructor of its class) Kotlin hides from
         * Java under mangled names: no generated code can read or create it.
         */
        KOTLIN_VALUE_CLASS
    }
}
