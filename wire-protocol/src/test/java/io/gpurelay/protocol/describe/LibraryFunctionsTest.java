package io.gpurelay.protocol.describe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.Function;
import org.junit.jupiter.api.Test;

class LibraryFunctionsTest
{
    @Test
    void rowsSayHowTheirArgumentsTravel()
    {
        final LibraryFunction normal = LibraryFunctions.named("curandGenerateNormal");
        assertEquals(Function.CURAND_GENERATE_NORMAL, normal.function());
        assertEquals(5, normal.arity());
        assertEquals("hdlff", normal.wire());
        assertEquals(CurandStatus.LAUNCH_FAILURE, normal.deviceOnly().status());

        final LibraryFunction create = LibraryFunctions.named("curandCreateGenerator");
        assertEquals(2, create.arity());
        assertEquals(1, create.results());
        assertEquals("i", create.wire(), "the new generator's handle comes back, the type travels");

        final LibraryFunction many = LibraryFunctions.named("cufftMakePlanMany64");
        assertEquals(12, many.arity());
        assertEquals("PG", many.wire(), "the plan, then the shape as one geometry");
        assertEquals("", LibraryFunctions.named("cufftCreate").wire(), "cufftCreate's own call makes the plan");
        assertEquals("hk", LibraryFunctions.named("nvrtcGetCUBINSize").wire());
        assertNull(LibraryFunctions.named("nvrtcCreateProgram"), "strings are hand-written");
    }

    @Test
    void rowsOfOneWireFunctionAgreeOnItsWords()
    {
        final LibraryFunctions.Wire exec = LibraryFunctions.wire(Function.CUFFT_EXEC);
        assertEquals("Pkddi", exec.letters(), "the real transforms' 0 direction is the complex ones' direction");
        assertEquals(1, exec.word('k'));
        assertEquals(3, exec.word('d', 1));
        assertEquals(4, exec.word('i'));
        assertEquals(1, LibraryFunctions.wire(Function.CUFFT_MAKE_PLAN).word(LibraryFunction.GEOMETRY));
        assertEquals(0, LibraryFunctions.wire(Function.CUFFT_ESTIMATE).word(LibraryFunction.GEOMETRY));
        assertEquals('_', LibraryFunctions.wire(Function.CUFFT_MAKE_PLAN).letter(1 + CufftGeometry.SLOTS));

        final long[] words = { 0, 0, 0, Float.floatToRawIntBits(-2.5f), Double.doubleToRawLongBits(0.25) };
        final LibraryFunctions.Wire normal = LibraryFunctions.wire(Function.CURAND_GENERATE_NORMAL);
        assertEquals(-2.5, normal.real(3, i -> words[i]));
        assertEquals(0.25, LibraryFunctions.wire(Function.CURAND_GENERATE_POISSON).real(3, i -> words[i + 1]));
        assertEquals(0, LibraryFunctions.wire(Function.CURAND_GENERATE_POISSON).real(4, i ->
        {
            throw new AssertionError("a 0 word is not read");
        }));
    }

    @Test
    void everyRowIsDescribedOnceAndNamesKnownLetters()
    {
        assertEquals(LibraryFunctions.all().size(),
            LibraryFunctions.all().stream().map(LibraryFunction::name).distinct().count());
        for (final Library library : Library.values())
        {
            assertTrue(!LibraryFunctions.of(library).isEmpty(), library.name());
        }
        assertThrows(IllegalArgumentException.class,
            () -> new LibraryFunction(Library.CURAND, "x", Function.CURAND_GENERATE, "hq", 0, null));
        assertThrows(IllegalArgumentException.class,
            () -> new LibraryFunction(Library.CURAND, "x", Function.CURAND_GENERATE, "hd", 0, null),
            "device memory needs its refusal");
    }
}
