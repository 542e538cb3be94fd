package io.gpurelay.agent.jcuda.driver;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.InMemoryExecutor;
import io.gpurelay.agent.InMemoryExecutorTest;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.agent.cuda.driver.DriverContexts;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.TableCalls;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionTable;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUjit_option;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.CUuuid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuCtxCreateNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemHostGetDevicePointerNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuGetErrorNameNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuGetErrorStringNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuCtxDestroyNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuCtxGetCurrentNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuCtxGetDeviceNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuCtxPopCurrentNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuCtxPushCurrentNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuCtxSetCurrentNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuCtxSynchronizeNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuDeviceComputeCapabilityNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuDeviceGetAttributeNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuDeviceGetCountNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuDeviceGetNameNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuDeviceGetNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuDeviceGetUuidNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuDevicePrimaryCtxGetStateNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuDevicePrimaryCtxReleaseNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuDevicePrimaryCtxResetNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuDevicePrimaryCtxRetainNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuDriverGetVersionNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuEventCreateNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuEventDestroyNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuEventElapsedTimeNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuEventQueryNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuEventRecordNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuEventSynchronizeNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuInitNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuLaunchKernelNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemAllocHostNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemAllocNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemFreeHostNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemFreeNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemGetInfoNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemHostAllocNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemcpyDtoDAsyncNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemcpyDtoDNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemcpyDtoHAsyncNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemcpyDtoHNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemcpyHtoDAsyncNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemcpyHtoDNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemcpyNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemsetD16Native;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemsetD32AsyncNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemsetD32Native;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuMemsetD8Native;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuModuleGetFunctionNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuModuleGetGlobalNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuModuleLoadDataExNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuModuleLoadDataNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuModuleLoadNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuModuleUnloadNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuStreamCreateNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuStreamDestroyNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuStreamQueryNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuStreamSynchronizeNative;
import static io.gpurelay.agent.jcuda.driver.JCudaDriverRemote.cuStreamWaitEventNative;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The driver functions as JCuda's rewritten native methods call them, against the stand-in executor over IPC.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JCudaDriverRemoteTest extends InMemoryExecutorTest
{
    private static final String SAXPY_PTX = """
        .version 8.5
        .target sm_90
        .address_size 64
        .visible .global .align 4 .b8 coeffs[16];
        .visible .entry saxpy(
            .param .u32 saxpy_param_0,
            .param .f32 saxpy_param_1,
            .param .u64 saxpy_param_2,
            .param .u64 saxpy_param_3
        )
        {
            ld.param.u32 %r1, [saxpy_param_0];
            ret;
        }
        .visible .entry by_value(
            .param .align 4 .b8 by_value_param_0[12]
        )
        {
            ret;
        }
        """;
    private static final String TEXTURE_PTX = """
        .version 8.5
        .target sm_90
        .address_size 64
        .visible .entry fetch(.param .u64 fetch_param_0)
        {
            tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [%rd1, {%r1}];
            ret;
        }
        """;

    @BeforeEach
    @AfterEach
    void noContextIsCurrent()
    {
        while (DriverContexts.current() != DriverContexts.NONE)
        {
            DriverContexts.pop();
        }
        executor.stopFailing();
    }

    @Test
    void errorNamesAndDescriptionsAreAnsweredByTheAgent()
    {
        final String[] text = new String[1];
        assertEquals(CUresult.CUDA_SUCCESS, cuGetErrorNameNative(CUresult.CUDA_ERROR_ILLEGAL_ADDRESS, text));
        assertEquals("CUDA_ERROR_ILLEGAL_ADDRESS", text[0]);
        assertEquals(CUresult.CUDA_SUCCESS, cuGetErrorStringNative(CUresult.CUDA_ERROR_ILLEGAL_ADDRESS, text));
        assertEquals("an illegal memory access was encountered", text[0]);
        assertEquals(CUresult.CUDA_ERROR_INVALID_VALUE, cuGetErrorStringNative(12345, text));
        assertNull(text[0]);
    }

    @Test
    void deviceQueries()
    {
        assertEquals(CUresult.CUDA_ERROR_INVALID_VALUE, cuInitNative(1));
        final int[] version = new int[1];
        assertEquals(0, cuDriverGetVersionNative(version));
        assertEquals(13000, version[0]);
        final int[] count = new int[1];
        assertEquals(0, cuDeviceGetCountNative(count));
        assertEquals(InMemoryExecutor.DEVICE_COUNT, count[0]);

        final CUdevice device = new CUdevice();
        assertEquals(0, cuDeviceGetNative(device, 1));
        assertEquals(1, JCudaPointers.nativePointer(device), "a CUdevice holds the ordinal");
        final int callsBefore = executor.calls().size();
        assertEquals(CUresult.CUDA_ERROR_INVALID_DEVICE, cuDeviceGetNative(new CUdevice(), 2));
        assertEquals(CUresult.CUDA_ERROR_INVALID_DEVICE, cuDeviceGetNative(new CUdevice(), -1));
        assertEquals(callsBefore, executor.calls().size(), "ordinals are checked here");

        final byte[] name = new byte[64];
        Arrays.fill(name, (byte)'x');
        assertEquals(0, cuDeviceGetNameNative(name, name.length, device));
        assertEquals("In-Memory Device 1", new String(name, 0, 18, StandardCharsets.US_ASCII));
        assertEquals(0, name[18]);
        final byte[] shortName = new byte[64];
        assertEquals(0, cuDeviceGetNameNative(shortName, 8, device));
        assertEquals("In-Memo", new String(shortName, 0, 7, StandardCharsets.US_ASCII));
        assertEquals(0, shortName[7], "cut to len bytes with the NUL");

        final int[] major = new int[1];
        final int[] minor = { -1 };
        assertEquals(0, cuDeviceComputeCapabilityNative(major, minor, device));
        assertEquals(9, major[0]);
        assertEquals(0, minor[0]);
        final int[] attribute = new int[1];
        assertEquals(0, cuDeviceGetAttributeNative(attribute, 16, device));
        assertEquals(16_001, attribute[0]);
        final long[] total = new long[1];
        assertEquals(0, table("cuDeviceTotalMem", total, device));
        assertEquals(InMemoryExecutor.TOTAL_MEMORY, total[0]);
        final CUuuid uuid = new CUuuid();
        assertEquals(0, cuDeviceGetUuidNative(uuid, device));
        assertEquals((byte)0xA1, uuid.bytes[15]);

        final CUdevice missing = new CUdevice();
        JCudaPointers.setNativePointer(missing, 5);
        assertEquals(CUresult.CUDA_ERROR_INVALID_DEVICE, table("cuDeviceTotalMem", total, missing));
    }

    @Test
    void eachThreadHasAStackOfCurrentContexts() throws Exception
    {
        final CUcontext none = new CUcontext();
        assertEquals(0, cuCtxGetCurrentNative(none));
        assertEquals(0, JCudaPointers.nativePointer(none));
        final int callsBefore = executor.calls().size();
        assertEquals(CUresult.CUDA_ERROR_INVALID_CONTEXT, cuMemAllocNative(new CUdeviceptr(), 16));
        assertEquals(CUresult.CUDA_ERROR_INVALID_CONTEXT, cuLaunchKernelNative(new CUfunction(), 1, 1, 1, 1, 1, 1,
            0, null, null, null));
        assertEquals(CUresult.CUDA_ERROR_INVALID_CONTEXT, cuCtxPopCurrentNative(new CUcontext()));
        assertEquals(callsBefore, executor.calls().size(), "without a context nothing is sent");

        final CUcontext first = context(0);
        final CUcontext second = context(1);
        assertEquals(JCudaPointers.nativePointer(second), current(), "a new context is current");
        final CUdevice device = new CUdevice();
        assertEquals(0, cuCtxGetDeviceNative(device));
        assertEquals(1, JCudaPointers.nativePointer(device));

        final CUcontext popped = new CUcontext();
        assertEquals(0, cuCtxPopCurrentNative(popped));
        assertEquals(second, popped);
        assertEquals(JCudaPointers.nativePointer(first), current(), "the one below is current again");
        assertEquals(0, cuCtxPushCurrentNative(second));
        assertEquals(JCudaPointers.nativePointer(second), current());
        assertEquals(0, cuCtxSetCurrentNative(first), "replaces the top");
        assertEquals(0, cuCtxPopCurrentNative(popped));
        assertEquals(first, popped);
        assertEquals(JCudaPointers.nativePointer(first), current());
        assertEquals(0, cuCtxSetCurrentNative(new CUcontext()), "setting no context pops");
        assertEquals(0, current());
        assertEquals(0, cuCtxSetCurrentNative(second), "onto an empty stack");

        assertEquals(0, cuMemAllocNative(new CUdeviceptr(), 64));
        assertEquals(JCudaPointers.nativePointer(second), last(Function.CU_MEM_ALLOC).context(),
            "every call carries the current context");

        final CompletableFuture<long[]> otherThread = CompletableFuture.supplyAsync(() ->
        {
            final CUcontext seen = new CUcontext();
            cuCtxGetCurrentNative(seen);
            final long before = JCudaPointers.nativePointer(seen);
            cuCtxSetCurrentNative(first);
            final long status = cuMemAllocNative(new CUdeviceptr(), 32);
            return new long[]{ before, status, last(Function.CU_MEM_ALLOC).context() };
        });
        final long[] seen = otherThread.get(10, TimeUnit.SECONDS);
        assertEquals(0, seen[0], "a new thread has no current context");
        assertEquals(0, seen[1]);
        assertEquals(JCudaPointers.nativePointer(first), seen[2]);
        assertEquals(JCudaPointers.nativePointer(second), current(), "another thread's choice is its own");

        assertEquals(0, cuCtxDestroyNative(second));
        assertEquals(0, current(), "destroying the current context pops it");
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(CUresult.CUDA_ERROR_INVALID_CONTEXT, cuCtxSetCurrentNative(second));
            assertEquals(CUresult.CUDA_ERROR_INVALID_CONTEXT, cuCtxDestroyNative(second));
            assertEquals(CUresult.CUDA_ERROR_INVALID_CONTEXT, cuCtxPushCurrentNative(new CUcontext()));
            assertEquals(List.of(
                "gpurelay: 0x" + Long.toHexString(JCudaPointers.nativePointer(second)) + " is a destroyed context; " +
                    "returning CUDA_ERROR_INVALID_CONTEXT",
                "gpurelay: 0x0 is not a context from cuCtxCreate or cuDevicePrimaryCtxRetain; returning " +
                    "CUDA_ERROR_INVALID_CONTEXT"), log.lines());
        }

        final CUcontext primary = new CUcontext();
        assertEquals(0, cuDevicePrimaryCtxRetainNative(primary, device));
        assertEquals(0, current(), "retaining the primary context does not make it current");
        final int[] flags = { -1 };
        final int[] active = new int[1];
        assertEquals(0, cuDevicePrimaryCtxGetStateNative(device, flags, active));
        assertEquals(1, active[0]);
        assertEquals(0, cuCtxSetCurrentNative(primary));
        assertEquals(0, cuCtxSynchronizeNative());
        assertEquals(0, cuDevicePrimaryCtxReleaseNative(device));
        assertEquals(0, cuDevicePrimaryCtxResetNative(device));

        final CompletableFuture<Integer> stale = CompletableFuture.supplyAsync(() ->
        {
            cuCtxSetCurrentNative(first);
            return 0;
        });
        assertEquals(0, stale.get(10, TimeUnit.SECONDS));
        assertEquals(0, cuCtxDestroyNative(first));
        assertEquals(CUresult.CUDA_ERROR_INVALID_CONTEXT, cuCtxPushCurrentNative(first));
    }

    @Test
    void launchesArePipelinedWithEachParametersBytes() throws Exception
    {
        context(0);
        final CUmodule module = new CUmodule();
        assertEquals(0, cuModuleLoadDataNative(module, nulTerminated(SAXPY_PTX)));
        final CUfunction saxpy = new CUfunction();
        assertEquals(0, cuModuleGetFunctionNative(saxpy, module, "saxpy"));
        final CUdeviceptr x = new CUdeviceptr();
        final CUdeviceptr y = new CUdeviceptr();
        assertEquals(0, cuMemAllocNative(x, 1024));
        assertEquals(0, cuMemAllocNative(y, 1024));

        final int callsBefore = executor.calls().size();
        assertEquals(0, cuLaunchKernelNative(saxpy, 4, 2, 1, 128, 1, 1, 256, null, Pointer.to(
            Pointer.to(new int[]{ 256 }), Pointer.to(new float[]{ 2.5f }), Pointer.to(x), Pointer.to(y.withByteOffset(8))),
            null));
        final InMemoryExecutor.CallRecord launch = sent(Function.CU_LAUNCH_KERNEL);
        assertTrue(launch.pipelined(), "launches do not wait for their reply");
        assertEquals(DriverContexts.current(), launch.context());
        assertArrayEquals(new long[]{ JCudaPointers.nativePointer(saxpy), 4, 2, 1, 128, 1, 1, 256, 0, 4, 4, 4, 8, 8 },
            launch.args());
        final ByteBuffer bytes = ByteBuffer.wrap(launch.payload()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(256, bytes.getInt());
        assertEquals(2.5f, bytes.getFloat());
        assertEquals(JCudaPointers.address(x), bytes.getLong());
        assertEquals(JCudaPointers.address(y) + 8, bytes.getLong());
        assertEquals(callsBefore + 2, executor.calls().size(), "the launch and the synchronisation");

        final CUstream stream = new CUstream();
        assertEquals(0, cuStreamCreateNative(stream, 0));
        final Pointer parameters = Pointer.to(Pointer.to(new int[]{ 1 }), Pointer.to(new float[]{ 1 }),
            Pointer.to(x), Pointer.to(y));
        assertEquals(0, cuLaunchKernelNative(saxpy, 1, 1, 1, 1, 1, 1, 0, stream, parameters, null));
        assertEquals(JCudaPointers.nativePointer(stream), sent(Function.CU_LAUNCH_KERNEL).args()[8]);
        final CUstream legacy = new CUstream();
        JCudaPointers.setNativePointer(legacy, 1);
        assertEquals(0, cuLaunchKernelNative(saxpy, 1, 1, 1, 1, 1, 1, 0, legacy, parameters, null));
        assertEquals(0, sent(Function.CU_LAUNCH_KERNEL).args()[8], "CU_STREAM_LEGACY is the default stream");

        final CUfunction byValue = new CUfunction();
        assertEquals(0, cuModuleGetFunctionNative(byValue, module, "by_value"));
        assertEquals(0, cuLaunchKernelNative(byValue, 1, 1, 1, 1, 1, 1, 0, null,
            Pointer.to(Pointer.to(new float[]{ 1, 2, 3 })), null));
        final byte[] buffer = new byte[24];
        assertEquals(0, cuLaunchKernelNative(saxpy, 1, 1, 1, 1, 1, 1, 0, null, null,
            Pointer.to(LaunchParameterKeys.key(1), Pointer.to(buffer), LaunchParameterKeys.key(2), Pointer.to(new long[]{ 24 }),
                LaunchParameterKeys.key(0))));
        final InMemoryExecutor.CallRecord ready = sent(Function.CU_LAUNCH_KERNEL);
        assertEquals(KernelParameterMarshaller.READY_BUFFER, ready.args()[9]);
        assertEquals(10, ready.args().length);
        assertEquals(24, ready.payload().length);
        assertEquals(0, cuStreamSynchronizeNative(stream));
        assertEquals(0, cuStreamDestroyNative(stream));
        assertEquals(0, cuCtxSynchronizeNative(), "every launch matched its kernel");
    }

    @Test
    void mismatchedLaunchesAreRefusedAtOnceAndSaidOnce() throws Exception
    {
        context(0);
        final CUmodule module = new CUmodule();
        assertEquals(0, cuModuleLoadDataNative(module, nulTerminated(SAXPY_PTX)));
        final CUfunction saxpy = new CUfunction();
        assertEquals(0, cuModuleGetFunctionNative(saxpy, module, "saxpy"));
        final CUdeviceptr x = new CUdeviceptr();
        assertEquals(0, cuMemAllocNative(x, 64));
        final int callsBefore = executor.calls().size();
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            for (int i = 0; i < 3; i++)
            {
                assertEquals(CUresult.CUDA_ERROR_INVALID_VALUE, cuLaunchKernelNative(saxpy, 1, 1, 1, 32, 1, 1, 0,
                    null, Pointer.to(Pointer.to(new int[]{ 32 }), Pointer.to(x), Pointer.to(x)), null));
                assertEquals(CUresult.CUDA_ERROR_INVALID_VALUE, cuLaunchKernelNative(saxpy, 1, 1, 1, 32, 1, 1, 0,
                    null, Pointer.to(Pointer.to(new int[]{ 32 }), Pointer.to(new float[]{ 1 }),
                        Pointer.to(new int[]{ 1 }), Pointer.to(x)), null));
            }
            assertEquals(List.of(
                "gpurelay: cuLaunchKernel: kernel 'saxpy' takes 4 parameters, 3 given; returning " +
                    "CUDA_ERROR_INVALID_VALUE",
                "gpurelay: cuLaunchKernel: kernel 'saxpy' parameter 2 is 4 bytes, the kernel declares 8; returning " +
                    "CUDA_ERROR_INVALID_VALUE"), log.lines());
        }
        assertEquals(callsBefore, executor.calls().size(), "refused launches are not sent");
        assertEquals(0, cuCtxSynchronizeNative(), "and leave the context healthy");

        assertEquals(0, cuModuleUnloadNative(module));
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(CUresult.CUDA_ERROR_INVALID_HANDLE, cuLaunchKernelNative(saxpy, 1, 1, 1, 1, 1, 1, 0, null,
                Pointer.to(Pointer.to(new int[]{ 1 }), Pointer.to(new float[]{ 1 }), Pointer.to(x), Pointer.to(x)),
                null));
            assertEquals(1, log.count("is not from cuModuleGetFunction, or its module was unloaded"));
        }
    }

    @Test
    void aFailedLaunchIsReportedByTheNextCallInItsContextOnly() throws Exception
    {
        final CUcontext healthy = context(0);
        final CUcontext faulty = context(0);
        final CUmodule module = new CUmodule();
        assertEquals(0, cuModuleLoadDataNative(module, nulTerminated(SAXPY_PTX)));
        final CUfunction saxpy = new CUfunction();
        assertEquals(0, cuModuleGetFunctionNative(saxpy, module, "saxpy"));
        final CUdeviceptr x = new CUdeviceptr();
        assertEquals(0, cuMemAllocNative(x, 1024));
        final Pointer parameters = Pointer.to(Pointer.to(new int[]{ 256 }), Pointer.to(new float[]{ 1 }),
            Pointer.to(x), Pointer.to(new CUdeviceptr().withByteOffset(64)));
        final String reason = "illegal address 0x40 (4 bytes) in kernel 'saxpy' at line 37";
        executor.fail(Function.CU_LAUNCH_KERNEL, CUresult.CUDA_ERROR_ILLEGAL_ADDRESS, reason);

        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(0, cuLaunchKernelNative(saxpy, 1, 1, 1, 256, 1, 1, 0, null, parameters, null),
                "a launch does not wait for its outcome");
            assertEquals(0, cuCtxSetCurrentNative(healthy));
            assertEquals(0, cuCtxSynchronizeNative(), "a fault in another context is not this one's");
            assertEquals(0, cuCtxSetCurrentNative(faulty));
            assertEquals(CUresult.CUDA_ERROR_ILLEGAL_ADDRESS,
                cuMemsetD32AsyncNative(x, 0, 16, null), "the next call in the context reports the fault");
            assertEquals(CUresult.CUDA_ERROR_ILLEGAL_ADDRESS, cuCtxSynchronizeNative(),
                "the executor's context stays faulted");
            assertEquals(CUresult.CUDA_ERROR_ILLEGAL_ADDRESS, cuMemsetD32Native(x, 0, 16));
            assertEquals(CUresult.CUDA_ERROR_ILLEGAL_ADDRESS, cuCtxSynchronizeNative());
            assertEquals(List.of(
                "gpurelay: cuLaunchKernel failed: CUDA_ERROR_ILLEGAL_ADDRESS: " + reason,
                "gpurelay: cuCtxSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS: the context faulted earlier",
                "gpurelay: cuMemset failed: CUDA_ERROR_ILLEGAL_ADDRESS: the context faulted earlier"), log.lines(),
                "each distinct explanation once");
        }
        assertEquals(0, cuCtxDestroyNative(faulty), "destroying the faulted context is how to recover");
        assertEquals(JCudaPointers.nativePointer(healthy), current());
        assertEquals(0, cuCtxSynchronizeNative(), "the other context is unaffected");
    }

    @Test
    void modulesFromFilesAndBytesAndTheirGlobals() throws Exception
    {
        context(1);
        final Path file = directory.resolve("saxpy.ptx");
        Files.writeString(file, SAXPY_PTX);
        final CUmodule module = new CUmodule();
        assertEquals(0, cuModuleLoadNative(module, file.toString()));
        assertArrayEquals(SAXPY_PTX.getBytes(StandardCharsets.UTF_8), last(Function.CU_MODULE_LOAD_DATA).payload(),
            "the file is read here and its bytes sent");
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            final int callsBefore = executor.calls().size();
            assertEquals(CUresult.CUDA_ERROR_FILE_NOT_FOUND,
                cuModuleLoadNative(new CUmodule(), directory.resolve("missing.ptx").toString()));
            assertEquals(callsBefore, executor.calls().size());
            assertEquals(1, log.count("cuModuleLoad: cannot read '" + directory.resolve("missing.ptx") + "'"));
        }

        final CUdeviceptr coefficients = new CUdeviceptr();
        final long[] size = new long[1];
        assertEquals(0, cuModuleGetGlobalNative(coefficients, size, module, "coeffs"));
        assertEquals(16, size[0]);
        assertNotEquals(0, JCudaPointers.address(coefficients));
        assertEquals(0, cuModuleGetGlobalNative(null, null, module, "coeffs"), "dptr and bytes may be null");
        assertEquals(0, cuMemcpyHtoDNative(coefficients, Pointer.to(new float[]{ 1, 2, 3, 4 }), 16));
        final float[] back = new float[4];
        assertEquals(0, cuMemcpyDtoHNative(Pointer.to(back), coefficients, 16));
        assertArrayEquals(new float[]{ 1, 2, 3, 4 }, back);
        assertEquals(CUresult.CUDA_ERROR_NOT_FOUND, cuModuleGetGlobalNative(coefficients, size, module, "nothing"));

        final CUfunction function = new CUfunction();
        assertEquals(0, cuModuleGetFunctionNative(function, module, "saxpy"));
        assertEquals("saxpy", new String(last(Function.CU_MODULE_GET_FUNCTION).payload(), StandardCharsets.UTF_8));
        final int[] attribute = new int[1];
        assertEquals(0, table("cuFuncGetAttribute", attribute, 4, function));
        assertEquals(40, attribute[0]);
        assertEquals(0, cuModuleUnloadNative(module));
    }

    @Test
    void aRefusedModuleFillsTheErrorLogOption() throws Exception
    {
        context(0);
        final byte[] errorLog = new byte[64];
        final byte[] infoLog = new byte[16];
        Arrays.fill(infoLog, (byte)'x');
        final int[] options = { CUjit_option.CU_JIT_INFO_LOG_BUFFER, CUjit_option.CU_JIT_ERROR_LOG_BUFFER,
            CUjit_option.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CUjit_option.CU_JIT_WALL_TIME };
        final Pointer values = Pointer.to(Pointer.to(infoLog), Pointer.to(errorLog), Pointer.to(new int[]{ 16 }),
            Pointer.to(new float[1]));
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(CUresult.CUDA_ERROR_INVALID_PTX, cuModuleLoadDataExNative(new CUmodule(),
                Pointer.to(nulTerminated(TEXTURE_PTX)), options.length, options, values));
            assertEquals(List.of("gpurelay: cuModuleLoadData failed: CUDA_ERROR_INVALID_PTX: line 6: tex.1d is not " +
                "supported"), log.lines());
        }
        assertEquals("line 6: tex.1d ", new String(errorLog, 0, 15, StandardCharsets.UTF_8),
            "cut to CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES with the NUL");
        assertEquals(0, errorLog[15]);
        assertEquals(0, infoLog[0]);

        final CUmodule module = new CUmodule();
        assertEquals(0, cuModuleLoadDataExNative(module, Pointer.to(nulTerminated(SAXPY_PTX)), 0, new int[0],
            Pointer.to(new int[0])));
        assertNotEquals(0, JCudaPointers.nativePointer(module));
        assertEquals(CUresult.CUDA_ERROR_INVALID_IMAGE, cuModuleLoadDataNative(new CUmodule(),
            new byte[]{ 0x7f, 'E', 'L', 'F', 2, 1 }));
    }

    @Test
    void copiesMemsetsAndPinnedMemory()
    {
        context(0);
        final CUdeviceptr device = new CUdeviceptr();
        assertEquals(0, cuMemAllocNative(device, 64));
        assertEquals(0, cuMemsetD8Native(device, (byte)0xAB, 64));
        assertEquals(0, cuMemsetD16Native(device.withByteOffset(8), (short)0x1234, 2));
        assertEquals(0, cuMemsetD32Native(device.withByteOffset(16), 0xCAFEBABE, 1));
        final ByteBuffer back = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0, cuMemcpyDtoHNative(Pointer.to(back), device, 64));
        assertEquals((byte)0xAB, back.get(0));
        assertEquals(0x1234, back.getShort(8));
        assertEquals(0x1234, back.getShort(10));
        assertEquals(0xCAFEBABE, back.getInt(16));
        assertEquals((byte)0xAB, back.get(20));

        final int[] values = { 1, 2, 3, 4 };
        assertEquals(0, cuMemcpyHtoDAsyncNative(device, Pointer.to(values), 16, null));
        assertTrue(sent(Function.CU_MEMCPY_HTOD).pipelined());
        values[0] = 99;
        final CUdeviceptr other = new CUdeviceptr();
        assertEquals(0, cuMemAllocNative(other, 64));
        assertEquals(0, cuMemcpyDtoDAsyncNative(other, device, 16, null));
        assertTrue(sent(Function.CU_MEMCPY_DTOD).pipelined());
        assertEquals(0, cuMemsetD32AsyncNative(other.withByteOffset(12), 7, 1, null));
        assertTrue(sent(Function.CU_MEMSET).pipelined());
        final int[] copied = new int[4];
        assertEquals(0, cuMemcpyDtoHAsyncNative(Pointer.to(copied), other, 16, null));
        assertTrue(!last(Function.CU_MEMCPY_DTOH).pipelined(), "a copy to the host waits for its bytes");
        assertArrayEquals(new int[]{ 1, 2, 3, 7 }, copied, "bytes were read when the copy was sent");
        assertEquals(0, cuMemcpyNative(other, device, 4));
        assertEquals(0, cuMemcpyDtoDNative(other, device, 64));
        assertTrue(!last(Function.CU_MEMCPY_DTOD).pipelined());

        final long[] free = new long[1];
        final long[] total = new long[1];
        assertEquals(0, cuMemGetInfoNative(free, total));
        assertEquals(InMemoryExecutor.TOTAL_MEMORY, total[0]);

        final Pointer pinned = new Pointer();
        assertEquals(0, cuMemAllocHostNative(pinned, 4096));
        final FloatBuffer view = pinned.getByteBuffer(0, 4096).order(ByteOrder.nativeOrder()).asFloatBuffer();
        view.put(0, 0.5f);
        assertEquals(0, cuMemcpyHtoDNative(device, pinned, 4));
        final float[] one = new float[1];
        assertEquals(0, cuMemcpyDtoHNative(Pointer.to(one), device, 4));
        assertEquals(0.5f, one[0]);
        assertEquals(0, cuMemFreeHostNative(pinned));
        assertEquals(CUresult.CUDA_ERROR_INVALID_VALUE, cuMemFreeHostNative(pinned));
        final Pointer hostAlloc = new Pointer();
        assertEquals(0, cuMemHostAllocNative(hostAlloc, 128, 0x01));
        assertEquals(0, cuMemFreeHostNative(hostAlloc));
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            // Mapped memory without memory shared with the executor: pinned memory here, a device copy there.
            final Pointer mapped = new Pointer();
            assertEquals(0, cuMemHostAllocNative(mapped, 64, 0x02));
            final CUdeviceptr mappedDevice = new CUdeviceptr();
            assertEquals(0, cuMemHostGetDevicePointerNative(mappedDevice, mapped, 0));
            assertTrue(JCudaPointers.address(mappedDevice) != 0);
            assertEquals(0, cuMemFreeHostNative(mapped));
            assertEquals(JCudaPointers.address(mappedDevice), last(Function.CU_MEM_FREE).args()[0]);
            assertEquals(CUresult.CUDA_ERROR_INVALID_VALUE, cuMemcpyHtoDNative(device, Pointer.to(new byte[4]), 8));
            assertEquals(1, log.count("cuMemcpyHtoD: 8 bytes at byte offset 0 do not fit the byte[4]"));
        }
        assertEquals(0, cuMemFreeNative(device));
        assertEquals(0, cuMemFreeNative(other));
        assertEquals(CUresult.CUDA_ERROR_INVALID_VALUE, cuMemFreeNative(other));
    }

    @Test
    void streamsAndEvents()
    {
        context(0);
        final CUstream stream = new CUstream();
        final CUevent start = new CUevent();
        final CUevent stop = new CUevent();
        assertEquals(0, cuStreamCreateNative(stream, 1));
        assertEquals(1, last(Function.CU_STREAM_CREATE).args()[0]);
        assertEquals(0, cuEventCreateNative(start, 0));
        assertEquals(0, cuEventCreateNative(stop, 2));
        assertEquals(0, cuEventRecordNative(start, stream));
        assertTrue(sent(Function.CU_EVENT_RECORD).pipelined());
        assertEquals(0, cuStreamWaitEventNative(null, start, 0));
        assertTrue(sent(Function.CU_STREAM_WAIT_EVENT).pipelined());
        assertArrayEquals(new long[]{ 0, JCudaPointers.nativePointer(start), 0 },
            last(Function.CU_STREAM_WAIT_EVENT).args());
        assertEquals(0, cuEventRecordNative(stop, stream));
        assertEquals(0, cuStreamSynchronizeNative(stream));
        assertEquals(0, cuStreamQueryNative(stream));
        assertEquals(0, cuEventSynchronizeNative(stop));
        assertEquals(0, cuEventQueryNative(stop));
        final float[] millis = new float[1];
        assertEquals(0, cuEventElapsedTimeNative(millis, start, stop));
        assertEquals(1.5f, millis[0]);
        assertEquals(0, cuEventDestroyNative(start));
        assertEquals(0, cuEventDestroyNative(stop));
        assertEquals(0, cuStreamDestroyNative(stream));
        assertEquals(CUresult.CUDA_ERROR_INVALID_HANDLE, cuStreamQueryNative(stream));
    }

    private static CUcontext context(final int device)
    {
        final CUdevice handle = new CUdevice();
        assertEquals(0, cuDeviceGetNative(handle, device));
        final CUcontext context = new CUcontext();
        assertEquals(0, cuCtxCreateNative(context, 0, handle));
        return context;
    }

    private static long current()
    {
        final CUcontext current = new CUcontext();
        assertEquals(0, cuCtxGetCurrentNative(current));
        return JCudaPointers.nativePointer(current);
    }

    /**
     * The last call of the function the executor received, once everything sent before is known to be there: calls
     * of a session run in order, and a synchronisation waits for its reply.
     */
    private static InMemoryExecutor.CallRecord sent(final Function function)
    {
        assertEquals(0, cuCtxSynchronizeNative());
        return last(function);
    }

    private static InMemoryExecutor.CallRecord last(final Function function)
    {
        final List<InMemoryExecutor.CallRecord> calls = executor.calls(function);
        return calls.get(calls.size() - 1);
    }

    private static byte[] nulTerminated(final String text)
    {
        final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return Arrays.copyOf(bytes, bytes.length + 1);
    }

    /**
     * A native that a row of the function table remotes, called as its rewritten body calls it.
     */
    private static int table(final String name, final Object... arguments)
    {
        return TableCalls.call(FunctionTable.standard().find(Binding.JCUDA_DRIVER, name).id(), arguments);
    }
}
