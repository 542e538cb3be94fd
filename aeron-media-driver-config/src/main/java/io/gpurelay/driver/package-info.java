/**
 * The Aeron media drivers gpurelay runs: the rules for finding a driver in an Aeron directory or starting an embedded
 * one there, the standalone driver of {@code gpurelay media-driver}, the tuning profiles ({@code shared}, {@code
 * balanced}, {@code throughput}, {@code low-latency}) and the idle strategies they use, and the cut of a profile's UDP
 * window to the socket buffers the host really grants.
 */
package io.gpurelay.driver;
