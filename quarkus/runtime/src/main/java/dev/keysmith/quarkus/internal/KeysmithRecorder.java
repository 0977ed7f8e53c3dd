package dev.keysmith.quarkus.internal;

import io.quarkus.runtime.annotations.Recorder;
import java.util.function.Supplier;

/**
 * What the build records for start-up: the id generators' bean, with the store the build chose.
 *
 * <p>Thread-safe (stateless).
 */
@Recorder
public class KeysmithRecorder {

    /** The {@link KeysmithIds} of the application; {@code nonBlocking} when it has reactive Panache entities. */
    public Supplier<KeysmithIds> ids(boolean nonBlocking) {
        return () -> new KeysmithIds(nonBlocking);
    }
}
