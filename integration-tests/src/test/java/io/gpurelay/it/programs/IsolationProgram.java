package io.gpurelay.it.programs;

import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.JCuda.cudaMemset;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.runtime.cudaError;

/**
 * One of two clients running at once: it publishes the address of its own allocation, learns the other's, and checks
 * that it cannot read, write, set or free the other's memory while its own stays intact.
 * Arguments: fill byte, file to publish the address to, file the other client publishes to.
 */
public final class IsolationProgram
{
    private IsolationProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final Checks checks = new Checks();
        final byte fill = Byte.parseByte(args[0]);
        final Path mine = Path.of(args[1]);
        final Path theirs = Path.of(args[2]);

        final Pointer own = new Pointer();
        checks.equal("cudaMalloc", 0, cudaMalloc(own, 4096));
        final byte[] pattern = new byte[4096];
        Arrays.fill(pattern, fill);
        checks.equal("fill own memory", 0, cudaMemcpy(own, Pointer.to(pattern), 4096, cudaMemcpyHostToDevice));

        final byte[] probe = new byte[16];
        cudaMemcpy(Pointer.to(probe), own, 16, cudaMemcpyDeviceToHost);
        final long ownAddress = addressOf(own);
        // Written aside and moved into place, so that the other client never reads a file that is not written yet.
        final Path written = mine.resolveSibling(mine.getFileName() + ".tmp");
        Files.writeString(written, Long.toString(ownAddress));
        Files.move(written, mine, StandardCopyOption.ATOMIC_MOVE);

        final long deadline = System.currentTimeMillis() + 60_000;
        while (!Files.exists(theirs) && System.currentTimeMillis() < deadline)
        {
            Thread.sleep(20);
        }
        final long otherAddress = Long.parseLong(Files.readString(theirs).trim());
        final Pointer foreign = new Pointer().withByteOffset(otherAddress);
        checks.equal("read foreign memory refused", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(Pointer.to(probe), foreign, 16, cudaMemcpyDeviceToHost));
        checks.equal("write foreign memory refused", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(foreign, Pointer.to(probe), 16, cudaMemcpyHostToDevice));
        checks.equal("memset foreign memory refused", cudaError.cudaErrorInvalidValue, cudaMemset(foreign, 0, 16));
        checks.equal("free foreign memory refused", cudaError.cudaErrorInvalidValue, cudaFree(foreign));

        final byte[] back = new byte[4096];
        checks.equal("read own memory", 0, cudaMemcpy(Pointer.to(back), own, 4096, cudaMemcpyDeviceToHost));
        checks.check("own memory intact", Arrays.equals(pattern, back));
        // Stay until the other client has probed this one's memory too.
        Thread.sleep(500);
        checks.equal("cudaFree own", 0, cudaFree(own));
        checks.finish();
    }

    private static long addressOf(final Pointer pointer)
    {
        // Pointer.toString is "Pointer[nativePointer=0x...,byteOffset=0x...]"
        final String text = pointer.toString();
        final int start = text.indexOf("nativePointer=0x") + "nativePointer=0x".length();
        final int end = text.indexOf(',', start);
        return Long.parseUnsignedLong(text.substring(start, end), 16);
    }
}
