package io.gpurelay.agent.cuda;

import java.util.function.Consumer;
import java.util.function.ToIntFunction;

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

    /**
     * A library's {@code GetProperty} answered from its {@code GetVersion}: the status of {@code getVersion} when it
     * fails, else {@code value[0]} gets the part {@code type} names; a type that names none is warned of and answered
     * with {@code noSuchType}.
     *
     * @param function       the C function, for the warning.
     * @param getVersion     the library's GetVersion: fills its argument's first element, returns its status.
     * @param success        the library's success status.
     * @param noSuchType     the library's status for a property type that does not exist.
     * @param noSuchTypeName its C name.
     * @param warning        where the warning goes.
     */
    public static int property(final String function, final ToIntFunction<int[]> getVersion, final int type,
        final int[] value, final int success, final int noSuchType, final String noSuchTypeName,
        final Consumer<String> warning)
    {
        final int[] version = new int[1];
        final int status = getVersion.applyAsInt(version);
        if (status != success)
        {
            return status;
        }
        final int part = part(version[0], type);
        if (part < 0)
        {
            warning.accept(function + ": property type " + type + " does not exist; returning " + noSuchTypeName);
            return noSuchType;
        }
        value[0] = part;
        return status;
    }
}
