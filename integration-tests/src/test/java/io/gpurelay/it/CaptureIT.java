package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.CaptureProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Stream capture of an unmodified JCuda program, through the agent, against the emulated executor over IPC and UDP:
 * memsets, a kernel, a device-to-device copy and a host function captured on a stream (with a second stream forked
 * and joined back) become a graph that computes what the calls would, at each launch and not before
 * ({@link CaptureProgram} checks the results); what cannot be captured invalidates the capture with CUDA's status,
 * and a fork not joined back, a capture ended on another thread or on a stream that only joined it are refused as
 * CUDA refuses them. Kernel node attributes read back as set and copied, and the emulator refuses, by name, the
 * launch of a cooperative node and of an access policy window.
 */
class CaptureIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void capturedWorkRunsAsAGraphAndWhatCannotBeCapturedInvalidatesTheCapture(
        final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), CaptureProgram.class,
                Artifacts.kernelsDir().toString(), "refusals", "emulator");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            System.out.println(output);
            ExpectedCalls.assertPrinted(output, """
                FN cuStreamIsCapturing/before status=0 0
                FN cuStreamBeginCapture/legacy-stream status=900
                FN cuStreamEndCapture/not-capturing status=401
                FN cuStreamBeginCapture/s1 status=0
                FN cuStreamIsCapturing/capturing status=0 1
                FN cuLaunchKernel/saxpy status=0
                FN cuMemcpyDtoDAsync/z status=0
                FN cuLaunchHostFunc/ status=0
                FN cuStreamIsCapturing/s2-before-the-fork status=0 0
                FN cuStreamIsCapturing/s2-forked status=0 1
                FN cuStreamEndCapture/s1 status=0
                FN cuStreamIsCapturing/ended status=0 0
                FN cuStreamIsCapturing/s2-ended status=0 0
                FN cuGraphGetNodes/captured-count status=0 6
                FN cuGraphGetEdges/captured-count status=0 5
                FN cuStreamSynchronize/capturing status=900
                FN cuStreamIsCapturing/invalidated status=0 2
                FN cuMemsetD32Async/invalidated status=901
                FN cuStreamEndCapture/invalidated status=901
                FN cuStreamIsCapturing/after-the-invalidated-capture status=0 0
                FN cuStreamBeginCapture/s1-again status=401
                FN cuStreamQuery/capturing status=900
                FN cuStreamEndCapture/query status=901
                FN cuStreamEndCapture/unjoined status=904
                FN cuStreamEndCapture/s2-after-the-unjoined-capture status=401
                FN cuThreadExchangeStreamCaptureMode/relaxed status=0 0
                FN cuMemAlloc/relaxed status=0
                FN cuThreadExchangeStreamCaptureMode/global status=0 2
                FN cuMemAlloc/global status=900
                FN cuStreamIsCapturing/after-the-allocation status=0 2
                FN cuStreamEndCapture/modes status=901
                FN cuThreadExchangeStreamCaptureMode/bad status=0
                FN cuStreamEndCapture/another-thread status=908
                FN cuStreamEndCapture/threads status=401
                FN cuGraphGetNodes/threads-count status=1 -
                FN cuGraphDestroy/threads status=1
                FN cuGraphKernelNodeGetAttribute/first-default-cooperative status=0 0
                FN cuGraphKernelNodeGetAttribute/first-default-window status=0 0 0.0 0 0
                FN cuGraphKernelNodeGetAttribute/first-set-cooperative status=0 1
                FN cuGraphKernelNodeGetAttribute/first-set-window status=0 4096 0.5 2 1
                FN cuGraphKernelNodeGetAttribute/second-before-the-copy-cooperative status=0 0
                FN cuGraphKernelNodeGetAttribute/second-copied-cooperative status=0 1
                FN cuGraphKernelNodeGetAttribute/second-copied-window status=0 4096 0.5 2 1
                FN cuLaunchCooperativeKernel/captured status=0
                FN cuGraphGetNodes/cooperative-count status=0 1
                """);
            assertTrue(output.contains("cuStreamSynchronize: it cannot be captured on stream 0x"), output);
            // The base address of the window read back is the one set (x, a 4096-byte allocation).
            assertTrue(output.matches("(?s).*\nBASE first set (\\d+)\n.*BASE second copied \\1\n.*"), output);
            assertTrue(output.contains("the kernel node's access policy window: cuStreamGetAttribute of the access " +
                "policy window is not supported on the emulator"), output);
            assertTrue(output.contains("cuLaunchCooperativeKernel is not supported on the emulator"), output);
            assertTrue(output.contains("cuStreamEndCapture: the capture was invalidated by cuStreamSynchronize"),
                output);
        }
    }
}
