package dev.keysmith.quarkus.deployment;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;

/**
 * The mistakes on keysmith entities that the annotation processor cannot see, because they come from Quarkus: each is
 * a {@link Message} with the element it is on; the build fails with all of them at once.
 */
final class BuildChecks {

    private static final List<DotName> ID_ANNOTATIONS = List.of(
            DotName.createSimple("dev.keysmith.annotations.GeneratedObjectId"),
            DotName.createSimple("dev.keysmith.annotations.Sequence"),
            DotName.createSimple("dev.keysmith.annotations.UuidId"),
            DotName.createSimple("dev.keysmith.annotations.RandomId"));
    private static final DotName UUID_ID = DotName.createSimple("dev.keysmith.annotations.UuidId");
    /** JPA entities are Hibernate's to store: the MongoDB client's UUID representation is not theirs. */
    private static final DotName JPA_ENTITY = DotName.createSimple("jakarta.persistence.Entity");

    /** The messages of the checks, each with a stable tag, the rule and the fix. */
    enum Message {
        PANACHE_ENTITY_HAS_ID("[KeysmithPanacheId] %s extends %s, which has its own ObjectId 'id' stored as _id, so"
                + " keysmith's @%s on '%s' would make a second id; extend PanacheMongoEntityBase (or"
                + " ReactivePanacheMongoEntityBase) instead and keep keysmith's annotation on the one id field"),
        UUID_REPRESENTATION("[KeysmithUuidRepresentation] %s has a @UuidId id, which keysmith stores as BSON binary"
                + " subtype 4, but quarkus.mongodb.uuid-representation is %s, so Panache queries that name a UUID"
                + " would not match it (or fail); set quarkus.mongodb.uuid-representation=standard");

        private final String format;

        Message(String format) {
            this.format = format;
        }

        String format(Object... arguments) {
            return String.format(Locale.ROOT, format, arguments);
        }
    }

    private BuildChecks() {
    }

    /** Every problem in the application, one message each, in a stable order (sorted). */
    static List<String> problems(IndexView index, String uuidRepresentation) {
        // a set: a record component's annotation is also on its field and its accessor
        Set<String> problems = new TreeSet<>();
        for (DotName annotation : ID_ANNOTATIONS) {
            for (AnnotationInstance id : index.getAnnotations(annotation)) {
                ClassInfo owner = owner(id.target());
                if (owner == null) {
                    continue;
                }
                DotName panacheEntity = PanacheTypes.idOwningSuperclass(index, owner);
                if (panacheEntity != null) {
                    problems.add(Message.PANACHE_ENTITY_HAS_ID.format(owner.name(), panacheEntity.withoutPackagePrefix(),
                            annotation.withoutPackagePrefix(), elementName(id.target())));
                }
                if (annotation.equals(UUID_ID) && !"standard".equalsIgnoreCase(uuidRepresentation)
                        && !owner.hasDeclaredAnnotation(JPA_ENTITY)) {
                    problems.add(Message.UUID_REPRESENTATION.format(owner.name(),
                            uuidRepresentation == null ? "not set" : "'" + uuidRepresentation + "'"));
                }
            }
        }
        return List.copyOf(problems);
    }

    private static ClassInfo owner(AnnotationTarget target) {
        return switch (target.kind()) {
            case FIELD -> target.asField().declaringClass();
            case METHOD -> target.asMethod().declaringClass();
            case METHOD_PARAMETER -> target.asMethodParameter().method().declaringClass();
            case RECORD_COMPONENT -> target.asRecordComponent().declaringClass();
            default -> null;
        };
    }

    private static String elementName(AnnotationTarget target) {
        return switch (target.kind()) {
            case FIELD -> target.asField().name();
            case METHOD -> target.asMethod().name() + "()";
            case METHOD_PARAMETER -> target.asMethodParameter().name();
            case RECORD_COMPONENT -> target.asRecordComponent().name();
            default -> target.toString();
        };
    }
}
