package dev.keysmith.processor;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import javax.annotation.processing.Processor;

/**
 * What javac's processor path holds: the processors registered there for {@code ServiceLoader}, read the way
 * javac finds them ({@code META-INF/services/javax.annotation.processing.Processor}).
 */
final class ProcessorPath {

    private static final String REGISTRATIONS = "META-INF/services/" + Processor.class.getName();

    private ProcessorPath() {
    }

    /**
     * Whether every processor registered on {@code path} is {@code processor}; false when unsure (no class loader,
     * or a registration that cannot be read).
     */
    static boolean holdsOnly(Class<? extends Processor> processor, ClassLoader path) {
        if (path == null) {
            return false;
        }
        try {
            Enumeration<URL> registrations = path.getResources(REGISTRATIONS);
            while (registrations.hasMoreElements()) {
                if (!registersOnly(processor, registrations.nextElement())) {
                    return false;
                }
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static boolean registersOnly(Class<? extends Processor> processor, URL registration) throws IOException {
        URLConnection connection = registration.openConnection();
        connection.setUseCaches(false); // a jar javac still holds open must not be cached by this reading
        try (BufferedReader lines = new BufferedReader(
                new InputStreamReader(connection.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                int comment = line.indexOf('#');
                String name = (comment >= 0 ? line.substring(0, comment) : line).trim();
                if (!name.isEmpty() && !name.equals(processor.getName())) {
                    return false;
                }
            }
        }
        return true;
    }
}
