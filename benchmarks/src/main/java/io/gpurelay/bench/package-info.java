/**
 * The harness of {@code ./gpurelay bench}: runs the JCuda workload locally and through the agent against an executor
 * it starts, over Aeron IPC and UDP, collects the figures into CSV, a table and charts; and stand-alone measurements:
 * Aeron's own UDP ceiling on a host, the agent's start time, and the pool registry at scale.
 */
package io.gpurelay.bench;
