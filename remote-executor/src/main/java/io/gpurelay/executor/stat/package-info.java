/**
 * {@code gpurelay stat}: the live view of an executor's sessions and counters, read over its control stream.
 */
package io.gpurelay.executor.stat;
