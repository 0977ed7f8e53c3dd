import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks what a {@code mvn deploy} of the reactor wrote to a file repository, as a release would publish it:
 * <ul>
 *   <li>every published keysmith artifact (all but {@code keysmith-parent} and {@code keysmith-bom}) has its jar,
 *       sources jar, javadoc jar and pom, and its jar names a stable JPMS module ({@code Automatic-Module-Name}
 *       {@code dev.keysmith.*});</li>
 *   <li>{@code keysmith-bom} manages exactly the published artifacts, at {@code ${project.version}}, and has the
 *       version of {@code keysmith-parent};</li>
 *   <li>every published pom carries license, SCM and developer metadata.</li>
 * </ul>
 * Run: {@code java .ci/CheckPublication.java <deploy repository>} (one version deployed there). Prints the artifacts it checked;
 * exits 1 with every problem named.
 */
public final class CheckPublication {

    private static final String GROUP_PATH = "dev/keysmith";
    private static final Set<String> NOT_LIBRARIES = Set.of("keysmith-parent", "keysmith-bom");

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java CheckPublication.java <deploy repository>");
            System.exit(2);
        }
        Path group = Path.of(args[0]).resolve(GROUP_PATH);
        String version;
        try (Stream<Path> versions = Files.list(group.resolve("keysmith-parent"))) {
            List<Path> found = versions.filter(Files::isDirectory).toList();
            if (found.size() != 1) {
                throw new IllegalStateException("expected one version of keysmith-parent in " + group + ", found "
                        + found);
            }
            version = found.get(0).getFileName().toString();
        }
        List<String> problems = new ArrayList<>();

        Set<String> published = new TreeSet<>();
        try (Stream<Path> dirs = Files.list(group)) {
            dirs.filter(Files::isDirectory).map(dir -> dir.getFileName().toString()).forEach(published::add);
        }
        for (String required : NOT_LIBRARIES) {
            if (!published.contains(required)) {
                problems.add(required + " was not deployed");
            }
        }

        Set<String> libraries = new TreeSet<>(published);
        libraries.removeAll(NOT_LIBRARIES);
        for (String artifact : libraries) {
            Path dir = group.resolve(artifact).resolve(version);
            for (String suffix : List.of(".jar", "-sources.jar", "-javadoc.jar", ".pom")) {
                if (newest(dir, artifact, suffix) == null) {
                    problems.add(artifact + ": no " + suffix + " in " + dir);
                }
            }
            Path jar = newest(dir, artifact, ".jar");
            if (jar != null) {
                try (JarFile file = new JarFile(jar.toFile())) {
                    String name = file.getManifest() == null ? null
                            : file.getManifest().getMainAttributes().getValue("Automatic-Module-Name");
                    if (name == null || !name.startsWith("dev.keysmith.")) {
                        problems.add(artifact + ": the jar's Automatic-Module-Name is " + name
                                + ", expected dev.keysmith.<name> (set keysmith.module.name in its pom)");
                    }
                }
            }
        }
        for (String artifact : published) {
            Path pom = newest(group.resolve(artifact).resolve(version), artifact, ".pom");
            if (pom != null) {
                checkMetadata(artifact, effectiveMetadata(pom, group, version), problems);
            }
        }

        Path bomPom = newest(group.resolve("keysmith-bom").resolve(version), "keysmith-bom", ".pom");
        if (bomPom != null) {
            Element bom = parse(bomPom);
            Set<String> managed = new TreeSet<>();
            Element management = child(bom, "dependencyManagement");
            Element dependencies = management == null ? null : child(management, "dependencies");
            for (Element dependency : dependencies == null ? List.<Element>of() : children(dependencies, "dependency")) {
                String artifactId = text(dependency, "artifactId");
                managed.add(artifactId);
                if (!"dev.keysmith".equals(text(dependency, "groupId"))) {
                    problems.add("keysmith-bom: " + artifactId + " is not of group dev.keysmith");
                }
                if (!"${project.version}".equals(text(dependency, "version"))) {
                    problems.add("keysmith-bom: " + artifactId + " has version " + text(dependency, "version")
                            + ", expected ${project.version}");
                }
            }
            if (!version.equals(text(bom, "version"))) {
                problems.add("keysmith-bom: version " + text(bom, "version") + ", expected " + version);
            }
            for (String artifact : libraries) {
                if (!managed.contains(artifact)) {
                    problems.add("keysmith-bom does not list " + artifact + ", which is published: add it to"
                            + " bom/pom.xml (or, if it is not a library, set maven.deploy.skip in its pom)");
                }
            }
            for (String artifact : managed) {
                if (!libraries.contains(artifact)) {
                    problems.add("keysmith-bom lists " + artifact + ", which was not published");
                }
            }
        }

        if (!problems.isEmpty()) {
            problems.forEach(problem -> System.err.println("check-publication: " + problem));
            System.exit(1);
        }
        System.out.println("check-publication: jar, sources, javadoc, pom and BOM entry for " + libraries
                + "; keysmith-parent and keysmith-bom poms");
    }

    /** The pom's own license, scm and developers, or keysmith-parent's when the pom inherits them. */
    private static Element effectiveMetadata(Path pom, Path group, String version) throws Exception {
        Element project = parse(pom);
        if (child(project, "licenses") == null && child(project, "parent") != null) {
            Path parent = newest(group.resolve("keysmith-parent").resolve(version), "keysmith-parent", ".pom");
            return parent == null ? project : parse(parent);
        }
        return project;
    }

    private static void checkMetadata(String artifact, Element project, List<String> problems) {
        for (String element : List.of("licenses", "scm", "developers", "url", "description")) {
            if (child(project, element) == null) {
                problems.add(artifact + ": the pom (or its parent) has no <" + element + ">");
            }
        }
        Node timestamp = project.getElementsByTagName("project.build.outputTimestamp").item(0);
        if (timestamp == null || timestamp.getTextContent().isBlank()) {
            problems.add(artifact + ": no project.build.outputTimestamp (reproducible builds)");
        }
    }

    /** The file of {@code artifact} with {@code suffix} in {@code dir}, the newest snapshot if several. */
    private static Path newest(Path dir, String artifact, String suffix) {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(file -> {
                String name = file.getFileName().toString();
                String middle = name.startsWith(artifact + "-") && name.endsWith(suffix)
                        ? name.substring(artifact.length() + 1, name.length() - suffix.length()) : null;
                // The version (0.1.0-SNAPSHOT, or 0.1.0-20261123.011727-1 when deployed) and no other classifier.
                return middle != null && middle.matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT|-\\d{8}\\.\\d{6}-\\d+)?");
            }).max(Path::compareTo).orElse(null);
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + dir, e);
        }
    }

    private static Element parse(Path pom) throws Exception {
        try (InputStream in = Files.newInputStream(pom)) {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in).getDocumentElement();
        }
    }

    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                found.add(element);
            }
        }
        return found;
    }

    private static String text(Element parent, String name) {
        Element element = child(parent, name);
        return element == null ? null : element.getTextContent().trim();
    }
}
