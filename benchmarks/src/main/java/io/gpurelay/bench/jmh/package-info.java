/**
 * JMH micro-benchmarks of what one call costs on each side without a device: encoding through the proxies and an IPC
 * publication, decoding through the adapters, the handshake's crypto and the sealing of UDP messages.
 */
package io.gpurelay.bench.jmh;
