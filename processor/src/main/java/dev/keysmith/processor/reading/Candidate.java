package dev.keysmith.processor.reading;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * One property and the elements whose annotations count for it, as in the driver's class model: those of its
 * getter and field when it is written to documents ({@code encodeSources}), those of its setter and field when
 * it is read from them ({@code decodeSources}).
 *
 * @param encoded whether the property is written to documents
 * @param decoded whether the property is read from documents
 */
record Candidate(String name, TypeMirror type, VariableElement field, ExecutableElement getter,
        ExecutableElement setter, List<Element> encodeSources, List<Element> decodeSources, boolean encoded,
        boolean decoded, Element reportOn) {

    /** Every element of the property. */
    List<Element> sources() {
        List<Element> all = new ArrayList<>(encodeSources);
        for (Element source : decodeSources) {
            if (!all.contains(source)) {
                all.add(source);
            }
        }
        return all;
    }

    Candidate withType(TypeMirror widened) {
        return new Candidate(name, widened, field, getter, setter, encodeSources, decodeSources, encoded, decoded,
                reportOn);
    }
}
