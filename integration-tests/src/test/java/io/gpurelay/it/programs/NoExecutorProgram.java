package io.gpurelay.it.programs;

import static jcuda.runtime.JCuda.cudaGetDeviceCount;
import static jcuda.runtime.JCuda.cudaMalloc;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.runtime.cudaError;

/**
 * Runs with no executor reachable: the first call must give up within the configured timeout, which bounds the whole
 * call (starting an embedded media driver included), and every call must return cudaErrorDevicesUnavailable. The
 * slack allowed over the timeout is for the waiting thread to be scheduled again on a busy machine. Argument: the
 * timeout in milliseconds the agent was given.
 */
public final class NoExecutorProgram
{
    private NoExecutorProgram()
    {
    }

    public static void main(final String[] args) throws ClassNotFoundException
    {
        final Checks checks = new Checks();
        final long timeoutMs = Long.parseLong(args[0]);
        // Loading (and rewriting) JCuda's class is not the call: the timeout bounds the call, connecting included.
        Class.forName("jcuda.runtime.JCuda");
        final long start = System.nanoTime();
        final int status = cudaGetDeviceCount(new int[1]);
        final long firstMs = (System.nanoTime() - start) / 1_000_000;
        checks.equal("first call status", cudaError.cudaErrorDevicesUnavailable, status);
        checks.check("first call within the timeout", firstMs <= timeoutMs + 3_000, firstMs + " ms");

        final long second = System.nanoTime();
        checks.equal("later call status", cudaError.cudaErrorDevicesUnavailable, cudaMalloc(new Pointer(), 16));
        final long secondMs = (System.nanoTime() - second) / 1_000_000;
        checks.check("later call does not wait again", secondMs < 1_000, secondMs + " ms");
        checks.finish();
    }
}
