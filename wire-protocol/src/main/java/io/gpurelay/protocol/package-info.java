/**
 * What the agent and the executor share on the wire: the constants of the protocol, the catalogue of functions a
 * client can ask for ({@link io.gpurelay.protocol.Function}), the proxies that encode each side's messages with the
 * SBE codecs generated from the schema, the adapters that decode them, the status codes of each CUDA API and library,
 * and the layouts of what bypasses Aeron on one host (the shared-memory transfer region and the files of shared pinned
 * memory).
 */
package io.gpurelay.protocol;
