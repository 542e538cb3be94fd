package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.DeviceLimitsProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unmodified JCuda program reading and setting the context limits through the agent against the emulated
 * executor: the emulator's defaults, CUDA 13's rounding and least sizes, its refusals (a stack past a thread's local
 * memory, the device runtime's synchronisation depth, a limit that is no limit), a larger malloc heap that a kernel's
 * 12 MiB block needs, the heap and printf FIFO fixed once a kernel used them, and the defaults back after a device
 * reset.
 */
class DeviceLimitsIT
{
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void limitsAreReadSetAndEnforcedThroughTheAgent(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), DeviceLimitsProgram.class,
                Artifacts.kernelsDir().toString());
            assertEquals(0, client.awaitExit(Duration.ofSeconds(240)), client.output());
            final String output = client.output();
            assertTrue(output.contains("\nDONE"), output);
            for (final String line : List.of(
                "FN cudaDeviceGetLimit/fresh_stack status=0 value=1024",
                "FN cudaDeviceGetLimit/fresh_printfFifo status=0 value=1048576",
                "FN cudaDeviceGetLimit/fresh_mallocHeap status=0 value=8388608",
                "FN cudaDeviceGetLimit/fresh_devRuntimeSyncDepth status=215 value=-1",
                "FN cudaDeviceGetLimit/fresh_devRuntimePendingLaunchCount status=0 value=2048",
                "FN cudaDeviceGetLimit/fresh_maxL2FetchGranularity status=0 value=64",
                "FN cudaDeviceGetLimit/fresh_shmemSize status=0 value=232448",
                "FN cudaDeviceGetLimit/fresh_cigShmemFallbackEnabled status=215 value=-1",
                "FN cudaDeviceGetLimit/fresh_limit_99 status=1 value=-1",
                "FN cudaDeviceSetLimit/stack_1000 status=0 value=1008",
                "FN cudaDeviceSetLimit/stack_2^40 status=1 value=1008",
                "FN cudaDeviceSetLimit/printf_1000 status=0 value=524288",
                "FN cudaDeviceSetLimit/printf_2_MiB status=0 value=2097152",
                "FN cudaDeviceSetLimit/heap_0 status=0 value=4194304",
                "FN cudaDeviceSetLimit/heap_32_MiB status=0 value=33554432",
                "FN cudaDeviceSetLimit/heap_2^50 status=2 value=33554432",
                "FN cudaDeviceSetLimit/sync_depth_4 status=215 value=-1",
                "FN cudaDeviceSetLimit/pending_launches_4096 status=0 value=4096",
                "FN cudaDeviceSetLimit/L2_fetch_32 status=0 value=32",
                "FN cudaDeviceSetLimit/persisting_L2_0 status=0 value=0",
                "FN cudaDeviceSetLimit/shmem_1 status=800 value=232448",
                "FN cudaDeviceSetLimit/cig_1 status=800 value=0",
                "FN cudaDeviceSetLimit/cig_shmem_fallback_1 status=215 value=-1",
                "FN cudaDeviceSetLimit/limit_99 status=1 value=-1",
                // The kernel's 12 MiB block fits the 32 MiB heap (the default 8 MiB would give NULL).
                "FN cuMemcpyDtoH/heap_block_had status=0 value=1",
                "FN cudaDeviceSetLimit/heap_after_a_kernel_allocated status=1 value=33554432",
                "FN cudaDeviceSetLimit/printf_before_a_kernel_printed status=0 value=3145728",
                "FN cudaDeviceSetLimit/printf_after_a_kernel_printed status=1 value=3145728",
                "FN cudaDeviceSetLimit/stack_after_kernels_ran status=0 value=2048",
                "FN cuCtxGetLimit/heap status=0 value=33554432",
                "FN cuCtxGetLimit/stack status=0 value=4096",
                "FN cudaDeviceGetLimit/after_reset_stack status=0 value=1024",
                "FN cudaDeviceGetLimit/after_reset_printfFifo status=0 value=1048576",
                "FN cudaDeviceGetLimit/after_reset_mallocHeap status=0 value=8388608",
                "FN cudaDeviceGetLimit/after_reset_devRuntimePendingLaunchCount status=0 value=2048",
                "FN cudaDeviceSetLimit/heap_after_reset status=0 value=16777216",
                "FN cudaDeviceSetLimit/printf_after_reset status=0 value=2097152"))
            {
                assertTrue(output.contains(line + "\n"), line + "\n" + output);
            }
            assertTrue(output.contains("launch 7 block 0 thread 0"), "the kernel's printf:\n" + output);
        }
    }
}
