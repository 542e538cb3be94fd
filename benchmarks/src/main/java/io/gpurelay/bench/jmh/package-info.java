/**
 * JMH micro-benchmarks of what one call costs on each side without a device: encoding through the proxies and an IPC
 * publication, decoding through the adapters, the handshake's crypto, the sealing of UDP messages, and the executor's
 * dispatch of a call on the emulated backend.
 */
package io.gpurelay.bench.jmh;
