package io.gpurelay.agent.instrumentation;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import io.gpurelay.agent.jcuda.runtime.JCudaRuntimeInstrumentation;
import io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JCuda runtime module against the real JCuda 12.6.0 class, read without loading it (its static initialiser
 * would load JCuda's native library).
 */
class JCudaRuntimeTableTest
{
    private final NativeMethodTable table = NativeMethodTable.of(new JCudaRuntimeInstrumentation(),
        TypePool.Default.of(ClassFileLocator.ForClassLoader.ofSystemLoader()).describe("jcuda.runtime.JCuda")
            .resolve());

    @Test
    void modulesAreFoundThroughServiceLoader()
    {
        final List<InstrumentationModule> modules = InstrumentationModule.loadAll();
        assertTrue(modules.stream().anyMatch(module -> module instanceof JCudaRuntimeInstrumentation),
            modules.toString());
    }

    @Test
    void everyRemoteImplementationReplacesANativeMethod()
    {
        final long implementations = Arrays.stream(JCudaRuntimeRemote.class.getDeclaredMethods())
            .filter(method -> Modifier.isPublic(method.getModifiers()) && Modifier.isStatic(method.getModifiers()))
            .count();

        assertEquals(151, table.nativeMethodCount());
        assertTrue(table.unmatched().isEmpty(), table.unmatched().toString());
        assertEquals(implementations, table.remoted().size());
        assertEquals(table.nativeMethodCount(), table.remotedCount() + table.notSupported().size());
        assertEquals(table.remotedCount(), table.remoted().size() + table.tableRemoted().size());
    }

    @Test
    void theRuntimeFunctionsOfThisIssueAreRemoted()
    {
        final List<String> remoted = table.remoted().keySet().stream()
            .map(MethodDescription::getName).collect(Collectors.toList());
        for (final String name : List.of("cudaGetDeviceCountNative", "cudaSetDeviceNative", "cudaGetDeviceNative",
            "cudaGetDevicePropertiesNative", "cudaDeviceGetAttributeNative", "cudaDriverGetVersionNative",
            "cudaRuntimeGetVersionNative", "cudaMemGetInfoNative", "cudaMallocNative", "cudaFreeNative",
            "cudaMemcpyNative", "cudaMemsetNative", "cudaMallocHostNative", "cudaHostAllocNative",
            "cudaFreeHostNative", "cudaDeviceSynchronizeNative", "cudaDeviceResetNative", "cudaGetLastErrorNative",
            "cudaPeekAtLastErrorNative", "cudaGetErrorStringNative", "cudaGetErrorNameNative", "setLogLevel",
            "cudaStreamCreateNative", "cudaStreamCreateWithFlagsNative", "cudaStreamDestroyNative",
            "cudaStreamSynchronizeNative", "cudaStreamQueryNative", "cudaStreamWaitEventNative", "cudaEventCreateNative",
            "cudaEventCreateWithFlagsNative", "cudaEventRecordNative", "cudaEventSynchronizeNative",
            "cudaEventQueryNative", "cudaEventElapsedTimeNative", "cudaEventDestroyNative", "cudaMemcpyAsyncNative",
            "cudaMemsetAsyncNative"))
        {
            assertTrue(remoted.contains(name), name + " is not remoted");
        }
    }

    @Test
    void notSupportedMessagesNameTheFunctionAndWhatItReturns()
    {
        final MethodDescription ipcClose = find("cudaIpcCloseMemHandleNative");

        assertEquals("JCuda.cudaIpcCloseMemHandle is not supported by gpurelay; returning cudaErrorNotSupported",
            table.notSupportedMessage(ipcClose));
    }

    @Test
    void runtimeNotSupportedHandlerHasTheExpectedShape()
    {
        final Method handler = new JCudaRuntimeInstrumentation().notSupportedHandler();
        InstrumentationModule.checkNotSupportedHandler(handler);
    }

    private MethodDescription find(final String name)
    {
        return table.notSupported().stream().filter(method -> method.getName().equals(name)).findFirst()
            .orElseThrow();
    }
}
