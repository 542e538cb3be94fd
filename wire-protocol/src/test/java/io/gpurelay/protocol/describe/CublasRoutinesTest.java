package io.gpurelay.protocol.describe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.describe.CublasRoutines.Routine;
import org.junit.jupiter.api.Test;

class CublasRoutinesTest
{
    @Test
    void everyV2RoutineIsWhatItsWireCallStandsFor()
    {
        int checked = 0;
        for (final Routine routine : CublasRoutines.all())
        {
            if (!routine.v2() || routine.wide())
            {
                continue;
            }
            final long dataType = routine.typed() ? routine.element().dataType() : -1;
            assertSame(routine, CublasRoutines.forWire(routine.function(), dataType, routine.flag()), routine.name());
            checked++;
        }
        assertTrue(checked > 150, checked + " routines");
    }

    @Test
    void aTypeOrFlagTheFamilyLacksIsNoRoutine()
    {
        assertNull(CublasRoutines.forWire(Function.CUBLAS_GEMM_BATCHED_X, 5, 1), "gemm3mBatched is C only");
        assertNull(CublasRoutines.forWire(Function.CUBLAS_AXPY_X, 0, CublasRoutines.NO_FLAG), "S axpy is untyped");
        assertEquals("cublasCsscal_v2", CublasRoutines.forWire(Function.CUBLAS_SCAL_X, 4, 1).name());
    }

    @Test
    void theWireShapeOfEachFunctionIsKnown()
    {
        assertEquals(Boolean.FALSE, CublasRoutines.flagged(Function.CUBLAS_SGEMM));
        assertFalse(CublasRoutines.typed(Function.CUBLAS_SGEMM));
        assertEquals(Boolean.TRUE, CublasRoutines.flagged(Function.CUBLAS_DOT_X));
        assertTrue(CublasRoutines.typed(Function.CUBLAS_DOT_X));
        assertEquals(Boolean.FALSE, CublasRoutines.flagged(Function.CUBLAS_GEMV_X));
        assertTrue(CublasRoutines.typed(Function.CUBLAS_GEMV_X));
        assertNull(CublasRoutines.flagged(Function.CUBLAS_CREATE), "no routine");
    }

    @Test
    void everyPointerHasAnExtentOfTheRoutinesIntegers()
    {
        for (final Routine routine : CublasRoutines.all())
        {
            for (int number = 1; number <= routine.letters().length(); number++)
            {
                final CublasRoutines.Argument argument = routine.argument(number);
                assertEquals(argument.letter() == 'd', argument.extent() != null, routine.name() + " " +
                    argument.name());
            }
        }
    }

    @Test
    void gemmsExtentsFollowTheOperations()
    {
        final Routine gemm = CublasRoutines.named("cublasSgemm_v2");
        final Extent a = gemm.argument(7).extent();
        assertEquals(Extent.Kind.MATRIX, a.kind());
        final Map<String, Long> normal = Map.of("transa", 0L, "m", 3L, "k", 5L, "lda", 4L);
        final Map<String, Long> transposed = Map.of("transa", 1L, "m", 3L, "k", 5L, "lda", 4L);
        assertEquals(3, a.terms().get(0).evaluate(normal::get));
        assertEquals(5, a.terms().get(1).evaluate(normal::get));
        assertEquals(5, a.terms().get(0).evaluate(transposed::get));
        assertEquals(3, a.terms().get(1).evaluate(transposed::get));
        assertEquals(java.util.List.of("transa", "m", "k"), a.terms().get(0).names());
        assertEquals(java.util.List.of("m", "k"), a.terms().get(0).sizeNames());
    }

    @Test
    void sizesUseExactArithmetic()
    {
        final SizeTerm term = SizeTerm.parse("n*n+max(1,min(k,2))-1");
        assertEquals(10, term.evaluate(Map.of("n", 3L, "k", 7L)::get));
        assertThrows(ArithmeticException.class, () -> term.evaluate(Map.of("n", Long.MAX_VALUE, "k", 1L)::get));
    }

    @Test
    void badExtentsAreRefusedByName()
    {
        assertThrows(IllegalArgumentException.class, () -> Extent.parse("q(n)"));
        assertThrows(IllegalArgumentException.class, () -> Extent.parse("m(n,n)"));
        assertThrows(IllegalArgumentException.class, () -> Extent.parse("v(n,incx)x"));
        assertThrows(IllegalArgumentException.class, () -> SizeTerm.parse("n+"));
        final Extent batch = Extent.parse("m(n,n,lda)[batchCount]");
        assertEquals("batchCount", batch.pointers().toString());
        assertTrue(Extent.parse("m(m,n,ldc,strideC,batchCount)").strided());
    }
}
