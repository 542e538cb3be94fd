package io.gpurelay.agent.client;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Device ordinals inside calls' arguments and answers, with a list of three devices: 0 is executor 0's device 0, 1
 * and 2 are executor 1's devices 0 and 1.
 */
class DeviceOrdinalsTest
{
    private static final DeviceOrdinals.Numbering LIST = new DeviceOrdinals.Numbering()
    {
        private final int[] executor = { 0, 1, 1 };
        private final int[] local = { 0, 0, 1 };

        public int count()
        {
            return executor.length;
        }

        public int executor(final int device)
        {
            return executor[device];
        }

        public int local(final int device)
        {
            return local[device];
        }

        public String channel(final int executor)
        {
            return "executor-" + executor;
        }
    };
    private static final long DEVICE = 1;
    private static final long HOST = 2;
    private static final long ADDRESS = 0x7f0000200000L;

    @Test
    void accessDescriptorsNameTheExecutorsOwnDevicesAndLeaveHostLocationsAlone()
    {
        final long[] args = { ADDRESS, 4096, 2, DEVICE, 2, 3, HOST, 5, 3 };
        assertArrayEquals(new long[]{ ADDRESS, 4096, 2, DEVICE, 1, 3, HOST, 5, 3 },
            DeviceOrdinals.toExecutor(LIST, Function.CU_MEM_SET_ACCESS, 1, args));
        assertArrayEquals(new long[]{ ADDRESS, 4096, 2, DEVICE, 2, 3, HOST, 5, 3 }, args, "the caller's are kept");
    }

    @Test
    void anotherExecutorsDeviceOrOneOutsideTheListIsRefused()
    {
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertNull(DeviceOrdinals.toExecutor(LIST, Function.CU_MEM_SET_ACCESS, 1,
                new long[]{ ADDRESS, 4096, 2, DEVICE, 1, 3, DEVICE, 0, 3 }));
            assertEquals(1, log.count("cuMemSetAccess: device 0 is on the executor at executor-0"),
                log.lines()::toString);
        }
        assertNull(DeviceOrdinals.toExecutor(LIST, Function.CU_MEM_CREATE, 0,
            new long[]{ 4096, 1, DEVICE, 1, 0, 0, 0, 0, 0 }));
        assertNull(DeviceOrdinals.toExecutor(LIST, Function.CUDA_MEM_PREFETCH_ASYNC, 1,
            new long[]{ ADDRESS, 4096, 3, 0 }));
        assertNull(DeviceOrdinals.toExecutor(LIST, Function.CU_ARRAY_GET_MEMORY_REQUIREMENTS, 1,
            new long[]{ 77, 0, 0 }));
        assertArrayEquals(new long[]{ 77, 1, 1 }, DeviceOrdinals.toExecutor(LIST,
            Function.CUDA_ARRAY_GET_MEMORY_REQUIREMENTS, 1, new long[]{ 77, 1, 2 }));
    }

    @Test
    void specialValuesPassThrough()
    {
        final long[] prefetchToHost = { ADDRESS, 4096, -1, 0 };
        assertSame(prefetchToHost, DeviceOrdinals.toExecutor(LIST, Function.CU_MEM_PREFETCH_ASYNC, 1,
            prefetchToHost));
        // The read-mostly advice ignores its device, whatever it is.
        final long[] readMostly = { ADDRESS, 4096, 1, 9 };
        assertSame(readMostly, DeviceOrdinals.toExecutor(LIST, Function.CUDA_MEM_ADVISE, 1, readMostly));
        assertArrayEquals(new long[]{ ADDRESS, 4096, 3, 1 },
            DeviceOrdinals.toExecutor(LIST, Function.CUDA_MEM_ADVISE, 1, new long[]{ ADDRESS, 4096, 3, 2 }));
        final long[] hostPool = { 1, 0, HOST, 0 };
        assertSame(hostPool, DeviceOrdinals.toExecutor(LIST, Function.CU_MEM_POOL_CREATE, 1, hostPool));
        assertEquals(-1, DeviceOrdinals.routingArgument(Function.CU_MEM_POOL_CREATE, hostPool));
        assertEquals(3, DeviceOrdinals.routingArgument(Function.CU_MEM_POOL_CREATE, new long[]{ 1, 0, DEVICE, 2 }));
    }

    @Test
    void anotherExecutorsDeviceHasNoAccessAndTheAddressIsStillChecked()
    {
        final long[] args = { DEVICE, 0, ADDRESS };
        assertArrayEquals(new long[]{ DEVICE, 0, ADDRESS },
            DeviceOrdinals.toExecutor(LIST, Function.CU_MEM_GET_ACCESS, 1, args), "asked of executor 1's device 0");
        final long[] results = { 3 };
        DeviceOrdinals.fromExecutor(LIST, Function.CU_MEM_GET_ACCESS, 1, args, results);
        assertEquals(0, results[0]);
        final long[] own = { 3 };
        DeviceOrdinals.fromExecutor(LIST, Function.CU_MEM_GET_ACCESS, 1, new long[]{ DEVICE, 2, ADDRESS }, own);
        assertEquals(3, own[0]);
    }

    @Test
    void devicesInAnswersAreTheApplicationsOrdinals()
    {
        final long[] accessedBy = { 0, 1, -1, -2 };
        DeviceOrdinals.fromExecutor(LIST, Function.CUDA_MEM_RANGE_GET_ATTRIBUTE, 1,
            new long[]{ ADDRESS, 4096, 3, 4 }, accessedBy);
        assertArrayEquals(new long[]{ 1, 2, -1, -2 }, accessedBy);
        final long[] readMostly = { 1 };
        DeviceOrdinals.fromExecutor(LIST, Function.CU_MEM_RANGE_GET_ATTRIBUTE, 1,
            new long[]{ ADDRESS, 4096, 1, 1 }, readMostly);
        assertArrayEquals(new long[]{ 1 }, readMostly, "read mostly is a flag, not a device");
        final long[] pointer = { 2, 1, ADDRESS, 4096 };
        DeviceOrdinals.fromExecutor(LIST, Function.CU_POINTER_GET_ATTRIBUTE, 1, new long[]{ ADDRESS }, pointer);
        assertEquals(2, pointer[1]);
        final long[] properties = { 1, DEVICE, 0, 0, 0, 0, 0 };
        DeviceOrdinals.fromExecutor(LIST, Function.CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE, 1,
            new long[]{ 5 }, properties);
        assertEquals(1, properties[2]);
        assertEquals(DeviceOrdinals.NO_DEVICE, DeviceOrdinals.toApplication(LIST, 0, 1), "not in the list");
    }

    @Test
    void p2pAttributesOfDevicesOnTwoExecutorsAreZeroAndBothDevicesAreTranslated()
    {
        final FunctionRow row = FunctionTable.standard().rows().stream()
            .filter(candidate -> candidate.name().equals("cudaDeviceGetP2PAttribute")).findFirst().orElseThrow();
        // value (out), attr, srcDevice, dstDevice.
        final long[] results = { 7 };
        assertEquals(RuntimeStatus.SUCCESS, DeviceOrdinals.answerHere(LIST, row, new long[]{ 2, 0, 1 }, results));
        assertEquals(0, results[0]);
        assertEquals(RuntimeStatus.INVALID_VALUE, DeviceOrdinals.answerHere(LIST, row, new long[]{ 9, 0, 1 }, results));
        // Two devices of one executor: no peer access either.
        results[0] = 7;
        assertEquals(RuntimeStatus.SUCCESS, DeviceOrdinals.answerHere(LIST, row, new long[]{ 2, 1, 2 }, results));
        assertEquals(0, results[0]);
        // One device twice, or one past the list: CUDA's own answer, from the executor.
        assertEquals(DeviceOrdinals.NOT_ANSWERED, DeviceOrdinals.answerHere(LIST, row, new long[]{ 2, 1, 1 }, results));
        assertEquals(DeviceOrdinals.NOT_ANSWERED, DeviceOrdinals.answerHere(LIST, row, new long[]{ 2, 0, 3 }, results));
        assertEquals(RuntimeStatus.SUCCESS, DeviceOrdinals.answerHere(DeviceOrdinals.oneExecutor(2, "one"), row,
            new long[]{ 1, 1, 0 }, results));
        assertEquals(DeviceOrdinals.NOT_ANSWERED, DeviceOrdinals.answerHere(DeviceOrdinals.oneExecutor(1, "one"), row,
            new long[]{ 1, 0, 1 }, results));
        assertArrayEquals(new long[]{ 2, 0, 1 }, DeviceOrdinals.toExecutor(LIST, row, 1, new long[]{ 2, 1, 2 }));
    }
}
