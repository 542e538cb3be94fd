package io.gpurelay.executor.backend.gpu;

import static io.gpurelay.executor.backend.gpu.GpuTestSupport.MIB;
import static io.gpurelay.executor.backend.gpu.GpuTestSupport.hostBuffer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.function.IntToDoubleFunction;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendKernel;
import io.gpurelay.executor.backend.BackendModule;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.gpu.GpuTestSupport.Parameters;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("gpu")
class GpuModuleTest
{
    private static final int N = 1 << 20;
    private static final int BLOCK = 256;
    /** {@code CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK} and {@code CU_FUNC_ATTRIBUTE_NUM_REGS}. */
    private static final int MAX_THREADS_PER_BLOCK = 0;
    private static final int NUM_REGS = 4;

    private GpuTestSession gpu;
    private BackendContext context;
    private BackendModule module;

    @BeforeEach
    void loadModule()
    {
        GpuTestSupport.assumeGpu();
        gpu = new GpuTestSession();
        context = gpu.context();
        module = gpu.loadKernels(context);
    }

    @AfterEach
    void closeSession()
    {
        if (gpu != null)
        {
            gpu.close();
        }
    }

    @Test
    void parameterLayoutsComeFromTheDriver()
    {
        assertEquals("saxpy(4 bytes at 0, 4 bytes at 4, 8 bytes at 8, 8 bytes at 16)",
            gpu.kernel(module, "saxpy").parameterLayout().toString());
        assertEquals(24, gpu.kernel(module, "saxpy").parameterLayout().bufferSize());
        assertEquals("addOffset(1 bytes at 0, 8 bytes at 8, 4 bytes at 16)",
            gpu.kernel(module, "addOffset").parameterLayout().toString());
    }

    @Test
    void launchesSaxpy()
    {
        final long x = allocateFloats(i -> i);
        final long y = allocateFloats(i -> 1);

        gpu.launch(gpu.kernel(module, "saxpy"), null, N / BLOCK, BLOCK,
            new Parameters().int32(N).float32(2).pointer(x).pointer(y));
        gpu.ok();

        final UnsafeBuffer result = readFloats(y);
        for (int i = 0; i < N; i++)
        {
            assertEquals(2f * i + 1, result.getFloat(i * Float.BYTES), "y[" + i + "]");
        }
    }

    @Test
    void parametersThatDoNotFitTheKernelAreRefusedNamingIt()
    {
        final BackendKernel saxpy = gpu.kernel(module, "saxpy");
        gpu.launch(saxpy, null, 1, 1, new Parameters().int32(N).float32(2).pointer(0));
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error());
        assertEquals("kernel 'saxpy' takes 4 parameters, got 3", gpu.result.message());

        gpu.launch(saxpy, null, 1, 1, new Parameters().int32(N).float32(2).int32(0).pointer(0));
        assertEquals("kernel 'saxpy' parameter 2: got 4 bytes, the kernel declares 8 bytes at offset 8",
            gpu.result.message());
    }

    @Test
    void aLaunchTheGpuRefusesGivesTheDriversError()
    {
        gpu.launch(gpu.kernel(module, "saxpy"), null, 1, 4096,
            new Parameters().int32(0).float32(2).pointer(0).pointer(0));
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error(), gpu.result.message());
        assertTrue(gpu.result.message().startsWith("cuLaunchKernel of 'saxpy' with grid 1x1x1, block 4096x1x1"),
            gpu.result.message());
    }

    @Test
    void unknownNamesAreNotFound()
    {
        assertNull(gpu.session.getFunction(module, "noSuchKernel", gpu.call()));
        assertEquals(CudaError.NOT_FOUND, gpu.result.error());
        assertEquals("the module has no kernel 'noSuchKernel'", gpu.result.message());
        gpu.session.getGlobal(module, "noSuchGlobal", gpu.call());
        assertEquals(CudaError.NOT_FOUND, gpu.result.error());
    }

    @Test
    void aGlobalCanBeLookedUpCopiedToAndUsedByAKernel()
    {
        gpu.session.getGlobal(module, "offset", gpu.call());
        final long offset = gpu.value(0);
        assertNotEquals(0, offset);
        assertEquals(Float.BYTES, gpu.value(1));

        final UnsafeBuffer value = hostBuffer(Float.BYTES);
        value.putFloat(0, 2.5f);
        gpu.upload(context, null, offset, value, Float.BYTES, Float.BYTES);
        assertNull(gpu.session.memcpyHostToDevice(context, null, offset, 8, gpu.call()), "past its end");

        final long y = allocateFloats(i -> i);
        gpu.launch(gpu.kernel(module, "addOffset"), null, N / BLOCK, BLOCK,
            new Parameters().int8((byte)1).pointer(y).int32(N));
        gpu.ok();

        final UnsafeBuffer result = readFloats(y);
        for (int i = 0; i < N; i++)
        {
            assertEquals(i + 2.5f, result.getFloat(i * Float.BYTES), "y[" + i + "]");
        }
    }

    @Test
    void unloadingTakesTheModulesGlobalsOutOfReach()
    {
        gpu.session.getGlobal(module, "offset", gpu.call());
        final long offset = gpu.value(0);

        gpu.session.unloadModule(module);

        gpu.session.memset(context, null, offset, 0, 1, 4, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error());
    }

    @Test
    void ptxThatDoesNotCompileGivesTheJitLog()
    {
        final String broken = ".version 9.0\n.target sm_90\n.address_size 64\n" +
            ".visible .entry broken()\n{\n\tnot_an_instruction %r1;\n\tret;\n}\n";
        assertNull(gpu.session.loadModule(context, new UnsafeBuffer(broken.getBytes(StandardCharsets.US_ASCII)),
            gpu.call()));
        assertEquals(CudaError.INVALID_PTX, gpu.result.error(), gpu.result.message());
        assertTrue(gpu.result.message().contains("error"), gpu.result.message());
        System.out.println("JIT log of the broken PTX: " + gpu.result.message());
    }

    @Test
    void functionAttributesComeFromTheDriver()
    {
        final BackendKernel saxpy = gpu.kernel(module, "saxpy");
        gpu.functionGetAttribute(saxpy, MAX_THREADS_PER_BLOCK);
        assertTrue(gpu.value(0) >= BLOCK, "max threads per block " + gpu.value(0));
        gpu.functionGetAttribute(saxpy, NUM_REGS);
        assertTrue(gpu.value(0) > 0);
        gpu.functionGetAttribute(saxpy, 9999);
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error());
    }

    private long allocateFloats(final IntToDoubleFunction value)
    {
        final UnsafeBuffer host = hostBuffer(N * Float.BYTES);
        for (int i = 0; i < N; i++)
        {
            host.putFloat(i * Float.BYTES, (float)value.applyAsDouble(i));
        }
        final long device = gpu.malloc(context, N * Float.BYTES);
        gpu.upload(context, null, device, host, N * Float.BYTES, MIB);
        return device;
    }

    private UnsafeBuffer readFloats(final long device)
    {
        final UnsafeBuffer host = hostBuffer(N * Float.BYTES);
        gpu.download(context, null, device, host, N * Float.BYTES, MIB);
        return host;
    }
}
