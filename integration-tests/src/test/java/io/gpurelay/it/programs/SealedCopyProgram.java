package io.gpurelay.it.programs;

import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import jcuda.Pointer;
import jcuda.runtime.JCuda;

/**
 * Copies a recognisable text to the device, says {@code READY} and waits (at most a minute) for the file named by its
 * argument to appear, meanwhile holding its session open; then copies the text back and prints {@code PASSED} if
 * nothing changed it, else {@code FAILED}.
 */
public final class SealedCopyProgram
{
    /** What a capture of the traffic must not show. */
    public static final String MARKER = "PLAINTEXT-THAT-MUST-NOT-BE-SEEN-ON-THE-WIRE;";

    private SealedCopyProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        JCuda.setExceptionsEnabled(true);
        final byte[] text = MARKER.repeat(4096 / MARKER.length() + 1).substring(0, 4096)
            .getBytes(StandardCharsets.US_ASCII);
        final Pointer device = new Pointer();
        cudaMalloc(device, text.length);
        cudaMemcpy(device, Pointer.to(text), text.length, cudaMemcpyHostToDevice);
        System.out.println("READY");
        System.out.flush();

        final Path go = Path.of(args[0]);
        final long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(go) && System.nanoTime() - deadline < 0)
        {
            Thread.sleep(20);
        }
        final byte[] back = new byte[text.length];
        cudaMemcpy(Pointer.to(back), device, back.length, cudaMemcpyDeviceToHost);
        cudaFree(device);
        System.out.println(Arrays.equals(text, back) ? "PASSED" : "FAILED: the device memory changed");
    }
}
