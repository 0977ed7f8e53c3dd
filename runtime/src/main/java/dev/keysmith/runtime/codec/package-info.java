/**
 * The contract between the code the keysmith processor generates and the runtime that uses it. Users do not
 * implement these types; generated code does, and {@code keysmith-mongodb} finds it through
 * {@link java.util.ServiceLoader}.
 */
package dev.keysmith.runtime.codec;
