package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpurelay.protocol.describe.CublasRoutines;
import io.gpurelay.protocol.describe.CublasRoutines.Routine;
import org.bytedeco.javacpp.PointerPointer;
import org.junit.jupiter.api.Test;

/**
 * Every described routine the executor runs has a JavaCPP native of its shape, found without loading CUDA, and the
 * one found passes addresses as they are: a batched routine's pointer arrays as {@code PointerPointer}s, never as
 * the {@code @ByPtrPtr} overloads that would hand cuBLAS the address of a host variable.
 */
class GpuBlasEntryPointsTest
{
    @Test
    void everyV2RoutineHasANativeThatTakesItsArgumentsAsAddresses()
    {
        final GpuBlasEntryPoints entryPoints = new GpuBlasEntryPoints();
        int pointerArrays = 0;
        for (final Routine routine : CublasRoutines.all())
        {
            if (!routine.v2() || routine.wide())
            {
                continue;
            }
            final GpuBlasEntryPoints.EntryPoint entry = entryPoints.find(routine);
            assertNotNull(entry, routine.name());
            for (int number = 1; number <= routine.letters().length(); number++)
            {
                final var extent = routine.argument(number).extent();
                if (extent != null && extent.pointers() != null)
                {
                    assertEquals(PointerPointer.class, entry.parameter(number), routine.name() + " " +
                        routine.argument(number).name());
                    pointerArrays++;
                }
                if (CublasRoutines.isInteger(routine.letters().charAt(number - 1)))
                {
                    assertTrue(entry.parameter(number).isPrimitive(), routine.name());
                }
            }
        }
        assertTrue(pointerArrays > 30, pointerArrays + " pointer arrays");
    }
}
