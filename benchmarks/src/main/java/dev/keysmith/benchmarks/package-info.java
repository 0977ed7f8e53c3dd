/**
 * JMH benchmarks that put keysmith side by side with what a user would use instead. Run them with
 * {@code benchmarks/run.sh} (see docs/benchmarks.md); every comparison runs in one JMH invocation.
 */
package dev.keysmith.benchmarks;
