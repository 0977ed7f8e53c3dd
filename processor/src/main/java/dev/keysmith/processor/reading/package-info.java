/** Step 1 of 3: reads the annotated source into the model of {@code dev.keysmith.processor.model}. */
package dev.keysmith.processor.reading;
