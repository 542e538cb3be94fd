package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.TableRowsProgram;
import io.gpurelay.protocol.table.FunctionTable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every row of the function table on a real GPU, compared with JCuda's own natives: {@link TableRowsProgram} runs
 * once locally (JCuda 12.6's natives, which work on a CUDA 13 host) and once through the agent against a gpu executor
 * on the same GPU, and each row must give the same status and write the same values. A row the executor could not
 * run would differ (not supported), so this is also the check that the gpu backend runs every row.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class TableFunctionsGpuIT
{
    /**
     * Rows whose local and remote results are known to differ, each exactly as observed (local | through gpurelay),
     * so that any other change still fails. {@code cudaCtxResetPersistingL2Cache}: on the H100 host JCuda 12.6's
     * runtime answers cudaErrorDeviceUninitialized (201) in this program although the primary context is current;
     * through gpurelay the row runs as the driver's {@code cuCtxResetPersistingL2Cache} in the session's primary
     * context, which succeeds. Not yet explained.
     */
    private static final Map<String, String> KNOWN_DIFFERENCES = Map.of(
        "cudaCtxResetPersistingL2Cache", "status=201 | status=0 []");

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyRowGivesOnTheGpuWhatJCudaGivesLocally(@TempDir final Path work) throws Exception
    {
        // Through the agent the program walks the table of the agent's jar, which -javaagent puts on the class path:
        // the wire protocol's own jar there would come first and hand the agent classes built against Aeron's
        // unshaded packages, which its jar does not have.
        final String kernels = Artifacts.kernelsDir().toString();
        final String localOutput = GpuPrograms.local(TableRowsProgram.class,
            Artifacts.wireProtocolClasses().toString(), Map.of(), List.of(), kernels);

        final String remoteOutput;
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            remoteOutput = GpuPrograms.remote(executor, "", TableRowsProgram.class, List.of(), kernels);
        }

        assertEquals(FunctionTable.standard().rows().stream().filter(row -> row.binding().jcuda()).count(),
            CallLines.rowNames(localOutput).size(), localOutput);
        CallLines.assertSameRows("function table functions on the GPU", localOutput, remoteOutput,
            KNOWN_DIFFERENCES);
    }
}
