package dev.keysmith.processor.messages;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/** Reports errors from the {@link Message} catalog on the most precise place known, and counts them.
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class Reporter {

    private final Messager messager;
    private int errors;

    public Reporter(Messager messager) {
        this.messager = messager;
    }

    public void error(Element element, Message message, Object... args) {
        errors++;
        messager.printMessage(Diagnostic.Kind.ERROR, message.format(args), element);
    }

    /** An error on an annotation, or on one of its values when {@code value} is not null. */
    public void error(Element element, AnnotationMirror annotation, AnnotationValue value, Message message,
            Object... args) {
        errors++;
        if (annotation == null) {
            messager.printMessage(Diagnostic.Kind.ERROR, message.format(args), element);
        } else if (value == null) {
            messager.printMessage(Diagnostic.Kind.ERROR, message.format(args), element, annotation);
        } else {
            messager.printMessage(Diagnostic.Kind.ERROR, message.format(args), element, annotation, value);
        }
    }

    /** How many errors were reported so far. */
    public int errorCount() {
        return errors;
    }
}
