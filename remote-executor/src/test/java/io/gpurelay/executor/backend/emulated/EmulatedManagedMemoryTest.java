package io.gpurelay.executor.backend.emulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.ManagedHint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Managed memory on the emulator: hints are accepted on managed memory of the session and refused with CUDA's
 * invalid value anywhere else, another session's managed memory included; pointer attributes answer from the
 * session's own memory only.
 */
class EmulatedManagedMemoryTest
{
    private static final long MEMORY = 1024 * 1024;

    private final EmulatedBackend backend = new EmulatedBackend(2, MEMORY);
    private final CallResult result = new CallResult();

    @AfterEach
    void close()
    {
        backend.close();
    }

    @Test
    void hintsNameOnlyManagedMemoryOfTheSession()
    {
        final BackendSession session = backend.openSession(1);
        final BackendContext context = session.createContext(1, 0, reset());
        final BackendStream stream = session.createStream(context, 0, reset());
        session.mallocManaged(context, 4096, 1, reset());
        final long managed = result.values()[0];
        session.malloc(context, 4096, reset());
        final long plain = result.values()[0];

        session.managedHint(context, stream, ManagedHint.ADVISE, managed + 16, 100, 1, 0, reset());
        assertFalse(result.failed(), result.message());
        session.managedHint(context, stream, ManagedHint.PREFETCH, managed, 4096, -1, 0, reset());
        assertFalse(result.failed(), result.message());
        session.managedHint(context, stream, ManagedHint.ATTACH, managed, 0, 2, 0, reset());
        assertFalse(result.failed(), result.message());
        session.managedHint(context, stream, ManagedHint.ATTACH, managed, 4096, 2, 0, reset());
        assertFalse(result.failed(), result.message());

        refused(session, context, stream, ManagedHint.ADVISE, plain, 16);
        refused(session, context, stream, ManagedHint.PREFETCH, managed, 4097);
        refused(session, context, stream, ManagedHint.ATTACH, managed, 100);
        refused(session, context, stream, ManagedHint.ATTACH, managed + 8, 0);
        refused(session, context, stream, ManagedHint.ADVISE, 0x1234, 16);

        final BackendSession other = backend.openSession(2);
        final BackendContext otherContext = other.createContext(1, 0, reset());
        final BackendStream otherStream = other.createStream(otherContext, 0, reset());
        refused(other, otherContext, otherStream, ManagedHint.ADVISE, managed, 16);
        refused(other, otherContext, otherStream, ManagedHint.PREFETCH, managed, 16);
        refused(other, otherContext, otherStream, ManagedHint.ATTACH, managed, 0);

        session.free(context, managed, reset());
        assertFalse(result.failed(), result.message());
        refused(session, context, stream, ManagedHint.ADVISE, managed, 16);
    }

    @Test
    void pointerAttributesAnswerFromTheSessionsOwnMemory()
    {
        final BackendSession session = backend.openSession(1);
        final BackendContext context = session.createContext(1, 0, reset());
        session.mallocManaged(context, 4096, 2, reset());
        final long managed = result.values()[0];
        session.malloc(context, 1000, reset());
        final long plain = result.values()[0];

        session.pointerAttributes(managed + 100, reset());
        assertFalse(result.failed(), result.message());
        assertEquals(BackendSession.POINTER_MANAGED, result.values()[0]);
        assertEquals(1, result.values()[1]);
        assertEquals(managed, result.values()[2]);
        assertEquals(4096, result.values()[3]);
        session.pointerAttributes(plain + 999, reset());
        assertEquals(BackendSession.POINTER_DEVICE, result.values()[0]);
        assertEquals(1000, result.values()[3]);

        final BackendSession other = backend.openSession(2);
        other.pointerAttributes(managed, reset());
        assertTrue(result.failed());
        assertEquals(CudaError.INVALID_VALUE, result.error());
        assertTrue(result.message().contains("is not memory of this session"), result.message());
    }

    /**
     * Advice applies to whole pages; a range's attribute is what all its pages agree on.
     */
    @Test
    void rangeAttributesAreWhatEveryPageOfTheRangeAgreesOn()
    {
        final BackendSession session = backend.openSession(1);
        final BackendContext context = session.createContext(0, 0, reset());
        final BackendStream stream = session.createStream(context, 0, reset());
        session.mallocManaged(context, 4 * 4096, 1, reset());
        final long managed = result.values()[0];
        session.managedHint(context, stream, ManagedHint.ADVISE, managed, 100, 1, 0, reset());
        session.memRangeAttribute(context, managed, 4096, EmulatedManagedHints.READ_MOSTLY, 1, reset());
        assertEquals(1, result.values()[0], "the first page, advised through its first 100 bytes");
        session.memRangeAttribute(context, managed, 2 * 4096, EmulatedManagedHints.READ_MOSTLY, 1, reset());
        assertEquals(0, result.values()[0], "the second page was not advised");

        session.managedHint(context, stream, ManagedHint.ADVISE, managed, 4 * 4096, 5, 1, reset());
        session.managedHint(context, stream, ManagedHint.ADVISE, managed, 4096, 5, -1, reset());
        session.memRangeAttribute(context, managed, 4096, EmulatedManagedHints.ACCESSED_BY, 3, reset());
        assertEquals(-1, result.values()[0]);
        assertEquals(1, result.values()[1]);
        assertEquals(-2, result.values()[2]);
        session.memRangeAttribute(context, managed, 4 * 4096, EmulatedManagedHints.ACCESSED_BY, 2, reset());
        assertEquals(1, result.values()[0]);
        assertEquals(-2, result.values()[1]);

        session.managedHint(context, stream, ManagedHint.PREFETCH, managed, 4096, 0, 0, reset());
        session.managedHint(context, stream, ManagedHint.PREFETCH, managed + 4096, 4096, -1, 0, reset());
        session.memRangeAttribute(context, managed, 4096, EmulatedManagedHints.LAST_PREFETCH_LOCATION, 1, reset());
        assertEquals(0, result.values()[0]);
        session.memRangeAttribute(context, managed, 2 * 4096, EmulatedManagedHints.LAST_PREFETCH_LOCATION, 1,
            reset());
        assertEquals(-2, result.values()[0], "two pages prefetched to different places");

        session.malloc(context, 4096, reset());
        session.memRangeAttribute(context, result.values()[0], 16, EmulatedManagedHints.READ_MOSTLY, 1, reset());
        assertEquals(CudaError.INVALID_VALUE, result.error());
    }

    private void refused(final BackendSession session, final BackendContext context, final BackendStream stream,
        final ManagedHint kind, final long address, final long count)
    {
        session.managedHint(context, stream, kind, address, count, kind == ManagedHint.ATTACH ? 2 : 1, 0, reset());
        assertTrue(result.failed(), kind + " at " + Long.toHexString(address) + " +" + count);
        assertEquals(CudaError.INVALID_VALUE, result.error());
        assertTrue(result.message().contains("is not inside one managed allocation of this session"),
            result.message());
    }

    private CallResult reset()
    {
        result.reset();
        return result;
    }
}
