package io.gpurelay.agent.instrumentation;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.agent.jcuda.driver.JCudaDriverInstrumentation;
import io.gpurelay.agent.jcuda.driver.JCudaDriverRemote;
import io.gpurelay.protocol.DriverStatus;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JCuda driver module against the real JCuda 12.6.0 class, read without loading it (its static initialiser
 * would load JCuda's native library).
 */
class JCudaDriverTableTest
{
    private final NativeMethodTable table = NativeMethodTable.of(new JCudaDriverInstrumentation(),
        TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader()).describe("jcuda.driver.JCudaDriver")
            .resolve());

    @Test
    void theModuleIsFoundThroughServiceLoader()
    {
        final List<InstrumentationModule> modules = InstrumentationModule.loadAll();
        assertTrue(modules.stream().anyMatch(module -> module instanceof JCudaDriverInstrumentation),
            modules.toString());
        assertEquals("JCudaDriver-", new JCudaDriverInstrumentation().nativeLibraryPrefix(),
            "JCudaDriver loads JCudaDriver-<version>-<platform>, which is skipped");
    }

    @Test
    void everyRemoteImplementationReplacesANativeMethod()
    {
        final long implementations = Arrays.stream(JCudaDriverRemote.class.getDeclaredMethods())
            .filter(method -> Modifier.isPublic(method.getModifiers()) && Modifier.isStatic(method.getModifiers()))
            .count();

        assertEquals(317, table.nativeMethodCount());
        assertTrue(table.unmatched().isEmpty(), table.unmatched().toString());
        assertEquals(implementations, table.remoted().size());
    }

    @Test
    void theDriverFunctionsOfThisIssueAreRemoted()
    {
        final List<String> remoted = java.util.stream.Stream.concat(table.remoted().keySet().stream(),
            table.tableRemoted().keySet().stream()).map(MethodDescription::getName).toList();
        for (final String function : List.of("cuInit", "cuDriverGetVersion", "cuDeviceGet", "cuDeviceGetCount",
            "cuDeviceGetName", "cuDeviceGetAttribute", "cuDeviceTotalMem", "cuDeviceComputeCapability",
            "cuDeviceGetUuid", "cuCtxCreate", "cuCtxDestroy", "cuCtxSetCurrent", "cuCtxGetCurrent", "cuCtxPushCurrent",
            "cuCtxPopCurrent", "cuCtxGetDevice", "cuCtxSynchronize", "cuDevicePrimaryCtxRetain",
            "cuDevicePrimaryCtxRelease", "cuDevicePrimaryCtxReset", "cuDevicePrimaryCtxGetState", "cuModuleLoad",
            "cuModuleLoadData", "cuModuleLoadDataEx", "cuModuleUnload", "cuModuleGetFunction", "cuModuleGetGlobal",
            "cuMemAlloc", "cuMemFree", "cuMemAllocHost", "cuMemHostAlloc", "cuMemFreeHost", "cuMemcpyHtoD",
            "cuMemcpyDtoH", "cuMemcpyDtoD", "cuMemcpyHtoDAsync", "cuMemcpyDtoHAsync", "cuMemcpyDtoDAsync",
            "cuMemsetD8", "cuMemsetD16", "cuMemsetD32", "cuMemsetD8Async", "cuMemsetD16Async", "cuMemsetD32Async",
            "cuMemGetInfo", "cuLaunchKernel", "cuFuncGetAttribute", "cuStreamCreate", "cuStreamSynchronize",
            "cuStreamQuery", "cuStreamDestroy", "cuStreamWaitEvent", "cuEventCreate", "cuEventRecord",
            "cuEventSynchronize", "cuEventQuery", "cuEventElapsedTime", "cuEventDestroy"))
        {
            assertTrue(remoted.contains(function + "Native"), function + " is not remoted");
        }
    }

    @Test
    void anUnsupportedDriverFunctionReturnsNotSupportedAndSaysSoOnce() throws ReflectiveOperationException
    {
        final MethodDescription arrayCreate = table.notSupported().stream()
            .filter(method -> method.getName().equals("cuIpcCloseMemHandleNative")).findFirst().orElseThrow();
        final String message = table.notSupportedMessage(arrayCreate);
        assertEquals("JCudaDriver.cuIpcCloseMemHandle is not supported by gpurelay; returning CUDA_ERROR_NOT_SUPPORTED",
            message);

        final InstrumentationModule module = table.module();
        final Method handler = module.notSupportedHandler();
        InstrumentationModule.checkNotSupportedHandler(handler);
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            for (int i = 0; i < 3; i++)
            {
                assertEquals(DriverStatus.NOT_SUPPORTED, handler.invoke(null, message, module.notSupportedStatus()));
            }
            assertEquals(List.of("gpurelay: " + message), log.lines());
        }
    }
}
