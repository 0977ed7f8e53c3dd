/**
 * The model of the entities and embedded types of a compilation: plain records that the validator checks and
 * the writer turns into code. Element references in it are valid in the current round only.
 */
package dev.keysmith.processor.model;
