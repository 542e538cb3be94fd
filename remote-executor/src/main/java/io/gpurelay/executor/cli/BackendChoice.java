package io.gpurelay.executor.cli;

import java.util.Locale;

/**
 * The {@code --backend} choices.
 */
public enum BackendChoice
{
    /** The GPU backend when this host has a usable GPU, else the emulator. */
    AUTO,
    /** The pure-Java device emulator: no GPU needed. */
    EMULATED,
    /** CUDA through JavaCPP's CUDA presets. */
    GPU;

    public String cliName()
    {
        return name().toLowerCase(Locale.ROOT);
    }

    public static BackendChoice fromCliName(final String name)
    {
        for (final BackendChoice choice : values())
        {
            if (choice.cliName().equalsIgnoreCase(name.trim()))
            {
                return choice;
            }
        }
        throw new IllegalArgumentException("unknown backend '" + name + "': expected auto, emulated or gpu");
    }
}
