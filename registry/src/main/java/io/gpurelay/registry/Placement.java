package io.gpurelay.registry;

import java.util.List;

/**
 * The registry's answer to a client that asked for devices.
 *
 * @param devices the devices, in the order the client numbers them; empty unless placed.
 * @param message why not, when not placed.
 */
public record Placement(boolean placed, List<PlacedDevice> devices, String message)
{
}
