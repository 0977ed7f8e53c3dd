/** Step 2 of 3: checks the model against the rules of the design and reports what is wrong. */
package dev.keysmith.processor.validation;
