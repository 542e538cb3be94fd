package io.gpurelay.executor.backend;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Which devices the executor serves: a count ({@code --devices 2}: devices 0 and 1), or a list of ordinals
 * ({@code --devices 0,2}) that picks GPUs on a GPU host. Clients always see the chosen devices as 0..n-1, as with
 * {@code CUDA_VISIBLE_DEVICES}; an emulating executor creates that many devices.
 */
public record DeviceSelection(int[] ordinals)
{
    /** More than any host carries; keeps a typo from creating thousands of emulated devices. */
    public static final int MAX_DEVICES = 64;

    public static DeviceSelection parse(final String text)
    {
        final String trimmed = text.trim();
        if (!trimmed.contains(","))
        {
            final int count = number(trimmed, text);
            if (count < 1 || count > MAX_DEVICES)
            {
                throw new IllegalArgumentException(
                    "'" + text + "': the device count must be between 1 and " + MAX_DEVICES);
            }
            final int[] ordinals = new int[count];
            Arrays.setAll(ordinals, i -> i);
            return new DeviceSelection(ordinals);
        }
        final String[] parts = trimmed.split(",", -1);
        final int[] ordinals = new int[parts.length];
        for (int i = 0; i < parts.length; i++)
        {
            ordinals[i] = number(parts[i].trim(), text);
            if (ordinals[i] >= MAX_DEVICES)
            {
                throw new IllegalArgumentException("'" + text + "': device ordinals go up to " + (MAX_DEVICES - 1));
            }
        }
        if (Arrays.stream(ordinals).distinct().count() != ordinals.length)
        {
            throw new IllegalArgumentException("'" + text + "' names a device twice");
        }
        return new DeviceSelection(ordinals);
    }

    private static int number(final String part, final String text)
    {
        if (part.isEmpty() || !part.chars().allMatch(Character::isDigit) || part.length() > 4)
        {
            throw new IllegalArgumentException("'" + text +
                "' is not a device count or a comma-separated list of device ordinals (e.g. 2 or 0,2)");
        }
        return Integer.parseInt(part);
    }

    public int count()
    {
        return ordinals.length;
    }

    public String toString()
    {
        return Arrays.stream(ordinals).mapToObj(Integer::toString).collect(Collectors.joining(","));
    }

    public boolean equals(final Object other)
    {
        return other instanceof DeviceSelection that && Arrays.equals(ordinals, that.ordinals);
    }

    public int hashCode()
    {
        return Arrays.hashCode(ordinals);
    }
}
