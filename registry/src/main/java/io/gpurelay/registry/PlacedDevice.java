package io.gpurelay.registry;

/**
 * A device a client was placed on: which executor, and the device's number there.
 */
public record PlacedDevice(String channel, int ordinal)
{
}
