/** Step 3 of 3: writes the codecs and the {@code ServiceLoader} registration from the model alone. */
package dev.keysmith.processor.writing;
