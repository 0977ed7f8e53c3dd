package dev.keysmith.runtime.internal;

import dev.keysmith.annotations.Sequence;
import dev.keysmith.runtime.SequenceSpec;
import java.lang.annotation.Annotation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The checks that the two JPA front ends (Hibernate ORM through its mapping contributor, Hibernate OGM through its
 * mapping producer) make on a metadata build, written once: every keysmith annotation sits on the single-column
 * {@code @Id} of a root entity, alone, without another generator, and keeps the {@link IdRules}; none sits on a
 * subclass's attribute or inside an {@code @Embedded} component or {@code @EmbeddedId} class; a sequence that several
 * entities name is declared alike. The front end supplies its Hibernate version's view of the bindings
 * ({@link Bindings}) and installs the generator of each checked id.
 *
 * <p>Not thread-safe: one instance per metadata build.
 *
 * @param <E> the front end's entity binding ({@code PersistentClass})
 * @param <C> the front end's component binding ({@code Component})
 */
public final class JpaIds<E, C> {

    /** What a Hibernate version tells about its bindings. */
    public interface Bindings<E, C> {

        /** What the checks need to know of {@code entity}. */
        Entity<E, C> describe(E entity);

        /** The entity's (or component's) properties that are components, by property name. */
        Map<String, C> components(Object entityOrComponent);

        /** The component's Java class, or {@code null}. */
        Class<?> type(C component);

        /** The error Hibernate reports at boot, naming the entity and the attribute. */
        RuntimeException error(String entity, String attribute, String problem);
    }

    /**
     * One entity binding as the checks see it.
     *
     * @param name the JPA entity name, else Hibernate's
     * @param mappedClass the entity's Java class, or {@code null} for a dynamic entity
     * @param root the root of the entity's hierarchy ({@code binding} itself for a root)
     * @param idName the name of the entity's identifier property, or {@code null}
     * @param singleColumnId whether the id is one column of a simple value (no {@code @EmbeddedId}, no
     *     {@code @IdClass})
     * @param compositeId the {@code @EmbeddedId} component, or {@code null}
     */
    public record Entity<E, C>(E binding, String name, Class<?> mappedClass, E root, String idName,
            boolean singleColumnId, C compositeId) {
    }

    /**
     * A checked id: its attribute, its annotation and, for {@code @Sequence}, the sequence and whether this is the
     * first entity that declares it in this build.
     */
    public record Id<E>(E entity, String entityName, AnnotatedAttribute attribute, Annotation annotation,
            SequenceSpec sequence, boolean firstDeclaration) {
    }

    private final Bindings<E, C> bindings;
    private final Predicate<Annotation> otherGenerator;
    private final Map<String, Id<E>> sequences = new HashMap<>();

    /**
     * @param otherGenerator which annotations are another generator on an id ({@code @GeneratedValue} and the
     *     Hibernate version's own generator annotations)
     */
    public JpaIds(Bindings<E, C> bindings, Predicate<Annotation> otherGenerator) {
        this.bindings = bindings;
        this.otherGenerator = otherGenerator;
    }

    /** Checks {@code binding} and returns the ids to install (none, or the one keysmith id of a root entity). */
    public List<Id<E>> check(E binding) {
        Entity<E, C> entity = bindings.describe(binding);
        if (entity.mappedClass() == null) {
            return List.of();
        }
        List<AnnotatedAttribute> attributes = AnnotatedAttribute.of(entity.mappedClass(), IdAnnotations.ALL);
        List<Id<E>> ids;
        if (entity.root() == binding) {
            ids = attributes.stream().map(attribute -> declare(entity, attribute)).toList();
            if (entity.compositeId() != null) {
                rejectInside(entity, entity.compositeId(), "the @EmbeddedId class",
                        "composite ids (@EmbeddedId, @IdClass) are not supported; use a single-column @Id");
            }
        } else {
            rejectOnSubclass(entity, attributes);
            ids = List.of();
        }
        bindings.components(binding).forEach((property, component) -> rejectInside(entity, component,
                "the @Embedded component '" + property + "'",
                "Hibernate generates only an entity's @Id; move it to the @Id of an entity"));
        return ids;
    }

    /** A subclass entity cannot have an id of its own: any keysmith annotation but on the root's id is an error. */
    private void rejectOnSubclass(Entity<E, C> entity, List<AnnotatedAttribute> attributes) {
        Entity<E, C> root = bindings.describe(entity.root());
        for (AnnotatedAttribute attribute : attributes) {
            if (!attribute.name().equals(root.idName())) {
                throw fail(entity, attribute, strategy(attribute) + " works only on the @Id of an entity, and '"
                        + attribute.name() + "' is a field of the subclass entity " + entity.name()
                        + ", which shares the id of " + root.name() + "; put the annotation on that @Id");
            }
        }
    }

    /** Keysmith annotations inside a component (and the components nested in it) are boot errors. */
    private void rejectInside(Entity<E, C> entity, C component, String where, String fix) {
        Class<?> type = bindings.type(component);
        if (type != null) {
            for (AnnotatedAttribute attribute : AnnotatedAttribute.of(type, IdAnnotations.ALL)) {
                throw fail(entity, attribute, strategy(attribute) + " sits on '" + attribute.name() + "' of "
                        + type.getSimpleName() + ", inside " + where + ", where Hibernate cannot generate a value; "
                        + fix);
            }
        }
        bindings.components(component).values().forEach(nested -> rejectInside(entity, nested, where, fix));
    }

    private Id<E> declare(Entity<E, C> entity, AnnotatedAttribute attribute) {
        String strategy = strategy(attribute);
        List<IdRules.Violation> broken = IdAnnotations.check(attribute.annotations(), attribute.name(),
                attribute.type());
        if (!broken.isEmpty()) {
            throw fail(entity, attribute, broken.get(0).text());
        }
        String idName = entity.idName();
        if (idName == null || !entity.singleColumnId()) {
            throw fail(entity, attribute, strategy + " needs a single-column @Id; composite ids (@EmbeddedId, "
                    + "@IdClass) are not supported");
        }
        if (!idName.equals(attribute.name())) {
            throw fail(entity, attribute, strategy + " works only on the entity's @Id attribute, but its @Id is '"
                    + idName + "'; move it to the @Id");
        }
        for (Annotation other : attribute.otherAnnotations()) {
            if (otherGenerator.test(other)) {
                String name = "@" + other.annotationType().getSimpleName();
                throw fail(entity, attribute, strategy + " is the id's generator, so it cannot be combined with "
                        + name + ", another generator; remove " + name);
            }
        }
        Annotation annotation = attribute.annotations().get(0);
        if (!(annotation instanceof Sequence sequence)) {
            return new Id<>(entity.binding(), entity.name(), attribute, annotation, null, false);
        }
        SequenceSpec spec = IdAnnotations.sequenceSpec(sequence, entity.name(), attribute.type());
        Id<E> earlier = sequences.get(spec.name());
        if (earlier != null && !earlier.sequence().equals(spec)) {
            throw fail(entity, attribute, "@Sequence(name = \"" + spec.name() + "\") is declared as " + spec
                    + " here but as " + earlier.sequence() + " on " + earlier.entityName() + "."
                    + earlier.attribute().name() + "; entities sharing a sequence must declare the same settings"
                    + " and id type");
        }
        Id<E> id = new Id<>(entity.binding(), entity.name(), attribute, annotation, spec, earlier == null);
        sequences.putIfAbsent(spec.name(), id);
        return id;
    }

    /** The error on {@code id}'s attribute, for the front end's own checks. */
    public RuntimeException fail(Id<E> id, String problem) {
        return bindings.error(id.entityName(), id.attribute().name(), problem);
    }

    private RuntimeException fail(Entity<E, C> entity, AnnotatedAttribute attribute, String problem) {
        return bindings.error(entity.name(), attribute.name(), problem);
    }

    private static String strategy(AnnotatedAttribute attribute) {
        return IdAnnotations.strategy(attribute.annotations().get(0)).annotation();
    }
}
