package dev.keysmith.quarkus.deployment;

import java.util.List;

/** The build-time checks' failure: every problem found, one a line, each with its tag and its fix. */
final class KeysmithBuildException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    KeysmithBuildException(List<String> problems) {
        super("keysmith found " + problems.size() + (problems.size() == 1 ? " problem" : " problems") + ":\n\t"
                + String.join("\n\t", problems));
    }
}
