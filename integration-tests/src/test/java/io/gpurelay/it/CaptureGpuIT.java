package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.CaptureProgram;
import io.gpurelay.it.programs.DeviceSelectionProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stream capture on a real GPU compared with JCuda's own natives: {@link CaptureProgram} runs once locally (JCuda
 * 12.6's natives on the CUDA 13 host) and once through the agent against a gpu executor on the same GPU; every call
 * must give the same status and values (capture status, node and edge counts, the capture errors), and both runs must
 * pass their own checks. JCuda's own natives crash running host functions on a CUDA 13 host, so both compared runs
 * leave the host function out, and a third run through gpurelay has it (and gpurelay's refusals) and must pass.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class CaptureGpuIT
{
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyCaptureCallGivesOnTheGpuWhatJCudaGivesLocally(@TempDir final Path work) throws Exception
    {
        // JCuda's own natives crash running host nodes and give a kernel node's access policy window back as null on
        // a CUDA 13 host: both runs compared skip those, and a third run through gpurelay does them with its checks.
        final List<String> skips = List.of("-Dcapture.skipHostNodes=true", "-Dcapture.skipAttributes=true");
        final String kernels = Artifacts.kernelsDir().toString();
        final GpuPrograms.Runs runs = GpuPrograms.localAndRemoteThenFull(work, CaptureProgram.class, skips,
            List.of(kernels), "full", List.of(kernels, "refusals"), full ->
            {
                assertTrue(full.contains("\nPASSED"), full);
                assertTrue(full.contains("CHECK the captured host function ran once per launch ok"), full);
                assertTrue(full.contains("CHECK the attributes read back as set ok"), full);
                assertTrue(full.contains("CHECK the nodes with attributes ran ok"), full);
            });

        CallLines.assertBothEndedWithSameCalls("stream capture functions", "PASSED", runs.local(), runs.remote(),
            Map.of(), true);
    }

    /**
     * The runtime's device selection ({@link DeviceSelectionProgram}): the same statuses and devices locally and
     * through gpurelay, on one device (the executor serves its first; the local run sees only that one).
     */
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void deviceSelectionGivesOnTheGpuWhatJCudaGivesLocally(@TempDir final Path work) throws Exception
    {
        final String local = GpuPrograms.local(DeviceSelectionProgram.class, "", Map.of("CUDA_VISIBLE_DEVICES", "0"),
            List.of());
        final String remote;
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            remote = GpuPrograms.remote(executor, "", DeviceSelectionProgram.class, List.of());
        }
        CallLines.assertBothEndedWithSameCalls("device selection functions", "PASSED", local, remote, Map.of(),
            true);
    }
}
