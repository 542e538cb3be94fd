package io.gpurelay.it.programs;

import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;

import java.nio.file.Files;
import java.nio.file.Path;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.runtime.cudaError;

/**
 * Connects, allocates, then waits for a file that says the executor was stopped, and checks that calls now fail with
 * cudaErrorDevicesUnavailable within the timeout instead of hanging.
 * Arguments: the agent's timeout in milliseconds, the file to wait for.
 */
public final class ExecutorGoesAwayProgram
{
    private ExecutorGoesAwayProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final Checks checks = new Checks();
        final long timeoutMs = Long.parseLong(args[0]);
        final Path go = Path.of(args[1]);
        final Pointer device = new Pointer();
        checks.equal("cudaMalloc while the executor runs", 0, cudaMalloc(device, 1024));
        System.out.println("READY");
        System.out.flush();
        final long deadline = System.currentTimeMillis() + 60_000;
        while (!Files.exists(go) && System.currentTimeMillis() < deadline)
        {
            Thread.sleep(20);
        }

        final long start = System.nanoTime();
        final int status = cudaMemcpy(Pointer.to(new byte[1024]), device, 1024, cudaMemcpyDeviceToHost);
        final long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        checks.equal("call after the executor left", cudaError.cudaErrorDevicesUnavailable, status);
        checks.check("failed within the timeout", elapsedMs <= timeoutMs + 3_000, elapsedMs + " ms");
        final long again = System.nanoTime();
        checks.equal("later call", cudaError.cudaErrorDevicesUnavailable, cudaMalloc(new Pointer(), 16));
        checks.check("later call fails at once", (System.nanoTime() - again) / 1_000_000 < 1_000);
        checks.finish();
    }
}
