package io.gpurelay.agent.cuda;

/**
 * A CUDA library's version as cuFFT and cuRAND encode it, {@code major * 1000 + minor * 100 + patch}, taken apart by
 * the {@code libraryPropertyType} their {@code GetProperty} functions take.
 */
public final class LibraryVersion
{
    /** {@code MAJOR_VERSION} of {@code libraryPropertyType}. */
    public static final int MAJOR_VERSION = 0;
    /** {@code MINOR_VERSION} of {@code libraryPropertyType}. */
    public static final int MINOR_VERSION = 1;
    /** {@code PATCH_LEVEL} of {@code libraryPropertyType}. */
    public static final int PATCH_LEVEL = 2;

    private LibraryVersion()
    {
    }

    /**
     * @return the part of {@code version} that {@code type} names, or -1 where {@code type} names none (the caller
     * answers with its library's status for that).
     */
    public static int part(final int version, final int type)
    {
        return switch (type)
        {
            case MAJOR_VERSION -> version / 1000;
            case MINOR_VERSION -> version % 1000 / 100;
            case PATCH_LEVEL -> version % 100;
            default -> -1;
        };
    }
}
