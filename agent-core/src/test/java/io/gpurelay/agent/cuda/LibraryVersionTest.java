package io.gpurelay.agent.cuda;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A library's GetProperty from its GetVersion, as cuFFT's and cuRAND's bindings answer it.
 */
class LibraryVersionTest
{
    private static final int SUCCESS = 0;
    private static final int NO_SUCH_TYPE = 7;
    private static final int FAILED = 3;

    private final List<String> warnings = new ArrayList<>();

    private int property(final int version, final int type, final int[] value)
    {
        return LibraryVersion.property("libGetProperty", out ->
        {
            out[0] = version;
            return SUCCESS;
        }, type, value, SUCCESS, NO_SUCH_TYPE, "LIB_NO_SUCH_TYPE", warnings::add);
    }

    @Test
    void eachPropertyTypeNamesItsPartOfTheVersion()
    {
        final int[] value = new int[1];
        assertEquals(SUCCESS, property(10403, LibraryVersion.MAJOR_VERSION, value));
        assertEquals(10, value[0]);
        assertEquals(SUCCESS, property(10403, LibraryVersion.MINOR_VERSION, value));
        assertEquals(4, value[0]);
        assertEquals(SUCCESS, property(10403, LibraryVersion.PATCH_LEVEL, value));
        assertEquals(3, value[0]);
        assertEquals(List.of(), warnings);
    }

    @Test
    void aTypeThatNamesNoPartIsTheLibrarysStatusWithAWarning()
    {
        final int[] value = { -1 };
        assertEquals(NO_SUCH_TYPE, property(12000, 9, value));
        assertArrayEquals(new int[]{ -1 }, value);
        assertEquals(List.of("libGetProperty: property type 9 does not exist; returning LIB_NO_SUCH_TYPE"), warnings);
    }

    @Test
    void aFailedGetVersionIsItsStatus()
    {
        final int[] value = { -1 };
        assertEquals(FAILED, LibraryVersion.property("libGetProperty", out -> FAILED, LibraryVersion.MAJOR_VERSION,
            value, SUCCESS, NO_SUCH_TYPE, "LIB_NO_SUCH_TYPE", warnings::add));
        assertEquals(-1, value[0]);
    }
}
