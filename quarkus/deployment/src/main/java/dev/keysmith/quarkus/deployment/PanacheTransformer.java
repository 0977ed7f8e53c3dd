package dev.keysmith.quarkus.deployment;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jboss.jandex.DotName;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The two rewrites of Panache MongoDB's operations classes, which call {@code dev.keysmith.quarkus.internal.PanacheHooks}:
 *
 * <ul>
 *   <li>{@link #storedIds}: {@code findById}, {@code findByIdOptional}, {@code deleteById} (and {@code findByIds})
 *       start by replacing their id argument with the id as the entity's codec stores it. Panache puts the id in a
 *       filter document as it is; a {@code @GeneratedObjectId String} is stored as an ObjectId, a UUID as binary
 *       subtype 4, so without this the query would not match.</li>
 *   <li>{@link #reactiveInserts}: reactive Panache's four private insert methods are renamed
 *       ({@code keysmith$persist}, {@code keysmith$persistOrUpdate}, made public to implement {@code ReactiveInserts},
 *       which the class is given) and replaced by methods of the old names that call the hooks, which give the
 *       entities their ids without blocking and then call the renamed methods.</li>
 * </ul>
 *
 * Each rewrite fails the build if it does not find every method it expects: a Panache that changed shape must not be
 * left half rewritten.
 */
final class PanacheTransformer {

    private static final String HOOKS = "dev/keysmith/quarkus/internal/PanacheHooks";
    private static final String REACTIVE_INSERTS = "dev/keysmith/quarkus/internal/ReactiveInserts";
    private static final String RENAMED_PREFIX = "keysmith$";
    private static final String BY_ID = "(Ljava/lang/Class;Ljava/lang/Object;)";
    private static final String BY_IDS = "(Ljava/lang/Class;Ljava/util/List;)";
    private static final Set<String> BY_ID_METHODS = Set.of("findById", "findByIdOptional", "deleteById");
    private static final String COLLECTION_AND_ENTITY =
            "(Lio/quarkus/mongodb/reactive/ReactiveMongoCollection;Ljava/lang/Object;)Lio/smallrye/mutiny/Uni;";
    private static final String COLLECTION_AND_LIST =
            "(Lio/quarkus/mongodb/reactive/ReactiveMongoCollection;Ljava/util/List;)Lio/smallrye/mutiny/Uni;";
    private static final Set<String> INSERT_METHODS = Set.of("persist", "persistOrUpdate");

    private PanacheTransformer() {
    }

    /** The id lookups of {@code operations} (MongoOperations or ReactiveMongoOperations) query the stored id. */
    static ClassVisitor storedIds(ClassVisitor next, DotName operations) {
        String self = "L" + operations.toString().replace('.', '/') + ";";
        return new ClassVisitor(Opcodes.ASM9, next) {
            private int rewritten;

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                MethodVisitor method = super.visitMethod(access, name, descriptor, signature, exceptions);
                if ((access & Opcodes.ACC_STATIC) != 0) {
                    return method;
                }
                if (BY_ID_METHODS.contains(name) && descriptor.startsWith(BY_ID)) {
                    rewritten++;
                    return replaceSecondArgument(method, "storedId",
                            "(" + self + "Ljava/lang/Class;Ljava/lang/Object;)Ljava/lang/Object;");
                }
                if (name.equals("findByIds") && descriptor.startsWith(BY_IDS)) {
                    rewritten++;
                    return replaceSecondArgument(method, "storedIds",
                            "(" + self + "Ljava/lang/Class;Ljava/util/List;)Ljava/util/List;");
                }
                return method;
            }

            @Override
            public void visitEnd() {
                if (rewritten != BY_ID_METHODS.size() + 1) {
                    throw new IllegalStateException("keysmith cannot rewrite " + operations + ": it found " + rewritten
                            + " of the 4 id lookups it expects (findById, findByIdOptional, findByIds, deleteById);"
                            + " this Panache version is not one keysmith supports");
                }
                super.visitEnd();
            }
        };
    }

    /** At the start of the method: {@code id = PanacheHooks.<hook>(this, entityClass, id);}. */
    private static MethodVisitor replaceSecondArgument(MethodVisitor method, String hook, String hookDescriptor) {
        return new MethodVisitor(Opcodes.ASM9, method) {
            @Override
            public void visitCode() {
                super.visitCode();
                super.visitVarInsn(Opcodes.ALOAD, 0);
                super.visitVarInsn(Opcodes.ALOAD, 1);
                super.visitVarInsn(Opcodes.ALOAD, 2);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, hook, hookDescriptor, false);
                super.visitVarInsn(Opcodes.ASTORE, 2);
            }

            @Override
            public void visitMaxs(int maxStack, int maxLocals) {
                super.visitMaxs(Math.max(maxStack, 3), Math.max(maxLocals, 3));
            }
        };
    }

    /** Reactive Panache's inserts give ids without blocking first. */
    static ClassVisitor reactiveInserts(ClassVisitor next) {
        return new ClassVisitor(Opcodes.ASM9, next) {
            private final List<String[]> wrapped = new ArrayList<>();

            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                    String[] interfaces) {
                String[] withOurs = new String[interfaces.length + 1];
                System.arraycopy(interfaces, 0, withOurs, 0, interfaces.length);
                withOurs[interfaces.length] = REACTIVE_INSERTS;
                super.visit(version, access, name, signature, superName, withOurs);
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                if ((access & Opcodes.ACC_PRIVATE) != 0 && (access & Opcodes.ACC_STATIC) == 0
                        && INSERT_METHODS.contains(name)
                        && (descriptor.equals(COLLECTION_AND_ENTITY) || descriptor.equals(COLLECTION_AND_LIST))) {
                    wrapped.add(new String[] {name, descriptor, signature});
                    int publicAccess = (access & ~Opcodes.ACC_PRIVATE) | Opcodes.ACC_PUBLIC;
                    return super.visitMethod(publicAccess, RENAMED_PREFIX + name, descriptor, signature, exceptions);
                }
                return super.visitMethod(access, name, descriptor, signature, exceptions);
            }

            @Override
            public void visitEnd() {
                if (wrapped.size() != 4) {
                    throw new IllegalStateException("keysmith cannot rewrite reactive Panache's inserts: it found "
                            + wrapped.size() + " of the 4 it expects (persist and persistOrUpdate of an entity and of"
                            + " a list); this Panache version is not one keysmith supports");
                }
                for (String[] method : wrapped) {
                    String name = method[0];
                    String descriptor = method[1];
                    MethodVisitor wrapper = super.visitMethod(Opcodes.ACC_PRIVATE, name, descriptor, method[2], null);
                    wrapper.visitCode();
                    wrapper.visitVarInsn(Opcodes.ALOAD, 0);
                    wrapper.visitVarInsn(Opcodes.ALOAD, 1);
                    wrapper.visitVarInsn(Opcodes.ALOAD, 2);
                    wrapper.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, name,
                            "(L" + REACTIVE_INSERTS + ";" + descriptor.substring(1), false);
                    wrapper.visitInsn(Opcodes.ARETURN);
                    wrapper.visitMaxs(3, 3);
                    wrapper.visitEnd();
                }
                super.visitEnd();
            }
        };
    }
}
