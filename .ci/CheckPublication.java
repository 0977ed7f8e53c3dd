import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Checks what a {@code mvn deploy} of the reactor wrote to a file repository, as a release would publish it:
 * <ul>
 *   <li>every published keysmith artifact (all but {@code keysmith-parent} and {@code keysmith-bom}) has its jar,
 *       sources jar, javadoc jar and pom, and its jar names a stable JPMS module ({@code Automatic-Module-Name}
 *       {@code dev.keysmith.*});</li>
 *   <li>{@code keysmith-bom} manages exactly the published artifacts, at {@code ${project.version}}, and has the
 *       version of {@code keysmith-parent}, and its release profile's plugins at the versions of
 *       {@code keysmith-parent}'s;</li>
 *   <li>every published pom carries what Maven Central requires: its own {@code <name>}, and a description, url,
 *       license, SCM and developers of its own or inherited from {@code keysmith-parent};</li>
 *   <li>as Maven Central checks a deployment (the release profile, docs/releasing.md): every file deployed under
 *       {@code dev/keysmith} has a {@code .md5} and a {@code .sha1} that match it, and every file but the
 *       {@code maven-metadata.xml} ones has an {@code .asc} signature that {@code gpg --verify} accepts with the
 *       given public key, and no other.</li>
 * </ul>
 * Run: {@code java .ci/CheckPublication.java <deploy repository> <armored public key>} (one version deployed
 * there; gpg on the PATH). Prints what it checked; exits 1 with every problem named.
 */
public final class CheckPublication {

    private static final String GROUP_PATH = "dev/keysmith";
    private static final Set<String> NOT_LIBRARIES = Set.of("keysmith-parent", "keysmith-bom");

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: java CheckPublication.java <deploy repository> <armored public key>");
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
        Path parentPom = newest(group.resolve("keysmith-parent").resolve(version), "keysmith-parent", ".pom");
        Element parent = parentPom == null ? null : parse(parentPom);
        for (String artifact : published) {
            Path pom = newest(group.resolve(artifact).resolve(version), artifact, ".pom");
            if (pom != null) {
                checkMetadata(artifact, parse(pom), parent, problems);
            }
        }
        int[] counted = checkSignaturesAndChecksums(group, Path.of(args[1]), problems);

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
            checkReleasePlugins(bom, parent, problems);
        }

        if (!problems.isEmpty()) {
            problems.forEach(problem -> System.err.println("check-publication: " + problem));
            System.exit(1);
        }
        System.out.println("check-publication: jar, sources, javadoc, pom and BOM entry for " + libraries
                + "; keysmith-parent and keysmith-bom poms; pom metadata of all " + published.size()
                + "; " + counted[0] + " signatures verified, " + counted[1] + " files with matching .md5 and .sha1");
    }

    /**
     * Central's pom requirements: {@code <name>} in the pom itself (Maven does not inherit it); description, url,
     * licenses, scm and developers in the pom or in {@code keysmith-parent} when the pom inherits from it.
     */
    private static void checkMetadata(String artifact, Element project, Element parent, List<String> problems) {
        Element inheritsFrom = child(project, "parent") == null ? null : parent;
        if (text(project, "name") == null || text(project, "name").isEmpty()) {
            problems.add(artifact + ": the pom has no <name>");
        }
        for (String element : List.of("description", "url")) {
            String value = text(project, element) != null ? text(project, element)
                    : inheritsFrom == null ? null : text(inheritsFrom, element);
            if (value == null || value.isEmpty()) {
                problems.add(artifact + ": the pom (or its parent) has no <" + element + ">");
            }
        }
        requireEntry(artifact, project, inheritsFrom, "licenses", "license", "name", problems);
        requireEntry(artifact, project, inheritsFrom, "developers", "developer", "name", problems);
        requireEntry(artifact, project, inheritsFrom, "scm", null, "url", problems);
        Element withTimestamp = inheritsFrom == null ? project : inheritsFrom;
        Node timestamp = withTimestamp.getElementsByTagName("project.build.outputTimestamp").item(0);
        if (timestamp == null || timestamp.getTextContent().isBlank()) {
            problems.add(artifact + ": no project.build.outputTimestamp (reproducible builds)");
        }
    }

    /**
     * keysmith-bom repeats the release profile's plugins (it has no parent): at the versions keysmith-parent's
     * properties give them.
     */
    private static void checkReleasePlugins(Element bom, Element parent, List<String> problems) {
        Element properties = parent == null ? null : child(parent, "properties");
        if (properties == null) {
            return;
        }
        Map<String, String> versionProperties = Map.of("maven-gpg-plugin", "gpg-plugin.version",
                "central-publishing-maven-plugin", "central-publishing-plugin.version");
        NodeList artifactIds = bom.getElementsByTagName("artifactId");
        for (int i = 0; i < artifactIds.getLength(); i++) {
            Node artifactId = artifactIds.item(i);
            String property = versionProperties.get(artifactId.getTextContent().trim());
            if (property != null && artifactId.getParentNode() instanceof Element plugin
                    && plugin.getTagName().equals("plugin")) {
                String expected = text(properties, property);
                if (expected == null || !expected.equals(text(plugin, "version"))) {
                    problems.add("keysmith-bom: " + artifactId.getTextContent().trim() + " " + text(plugin, "version")
                            + ", but keysmith-parent's " + property + " is " + expected);
                }
            }
        }
    }

    /** {@code <list><entry><field>} (or {@code <list><field>} without an entry) in the pom or the one it inherits. */
    private static void requireEntry(String artifact, Element project, Element inheritsFrom, String list,
            String entry, String field, List<String> problems) {
        Element found = child(project, list) != null ? child(project, list)
                : inheritsFrom == null ? null : child(inheritsFrom, list);
        Element holder = found == null || entry == null ? found : child(found, entry);
        String value = holder == null ? null : text(holder, field);
        if (value == null || value.isEmpty()) {
            problems.add(artifact + ": the pom (or its parent) has no <" + list + "> with a <" + field + ">");
        }
    }

    /**
     * Every file under {@code group}: a {@code .md5} and a {@code .sha1} that match it (not needed for a signature
     * or a checksum), and, but for {@code maven-metadata.xml}, an {@code .asc} that gpg verifies against
     * {@code publicKey} alone (imported into a keyring of its own). Returns the signatures and files checked.
     */
    private static int[] checkSignaturesAndChecksums(Path group, Path publicKey, List<String> problems)
            throws Exception {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(group)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        Path home = Files.createTempDirectory("check-publication-gnupg",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        int signatures = 0;
        int checksummed = 0;
        try {
            String imported = gpg(home, "--import", publicKey.toString());
            if (!imported.contains("[GNUPG:] IMPORT_OK")) {
                throw new IllegalStateException("gpg could not import " + publicKey + ":\n" + imported);
            }
            for (Path file : files) {
                String name = file.getFileName().toString();
                String relative = group.relativize(file).toString();
                if (name.matches(".*\\.(md5|sha1|sha256|sha512|asc)")) {
                    continue;
                }
                checksummed++;
                for (String algorithm : List.of("MD5", "SHA-1")) {
                    Path sum = file.resolveSibling(name + "." + algorithm.toLowerCase().replace("-", ""));
                    if (!Files.exists(sum)) {
                        problems.add(relative + ": no " + sum.getFileName());
                        continue;
                    }
                    String expected = HexFormat.of().formatHex(
                            MessageDigest.getInstance(algorithm).digest(Files.readAllBytes(file)));
                    String[] written = Files.readString(sum, StandardCharsets.US_ASCII).trim().split("\\s+");
                    if (!written[0].equalsIgnoreCase(expected)) {
                        problems.add(relative + ": " + sum.getFileName() + " says " + written[0] + ", the file's "
                                + algorithm + " is " + expected);
                    }
                }
                if (name.startsWith("maven-metadata")) {
                    continue; // written by the repository, not part of a deployment to Central
                }
                Path signature = file.resolveSibling(name + ".asc");
                if (!Files.exists(signature)) {
                    problems.add(relative + ": no .asc signature");
                    continue;
                }
                signatures++;
                String status = gpg(home, "--verify", signature.toString(), file.toString());
                if (!status.contains("[GNUPG:] VALIDSIG")) {
                    String said = status.lines().filter(line -> line.startsWith("gpg: "))
                            .reduce((first, second) -> second).orElse(status.strip());
                    problems.add(relative + ": " + signature.getFileName()
                            + " is not a valid signature by the given key (" + said + ")");
                }
            }
        } finally {
            try (Stream<Path> walk = Files.walk(home)) {
                walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
        return new int[] {signatures, checksummed};
    }

    /** Runs gpg in batch mode on the key ring in {@code home}; returns its status lines and messages. */
    private static String gpg(Path home, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("gpg", "--batch", "--no-tty", "--no-auto-key-retrieve",
                "--homedir", home.toString(), "--status-fd", "1"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = process.waitFor();
        return exit == 0 ? output : output + "\n(gpg exited " + exit + ")";
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
