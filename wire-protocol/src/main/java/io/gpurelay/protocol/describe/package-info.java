/**
 * The descriptions of library functions that the agent's bindings and the executor both read: each function once,
 * its arguments named and typed, a device pointer's extent written as sizes of the other arguments
 * ({@link io.gpurelay.protocol.describe.CublasRoutines}, {@link io.gpurelay.protocol.describe.Extent}). The agent
 * encodes a call by them, the executor decodes, checks and runs it by the same rows.
 */
package io.gpurelay.protocol.describe;
