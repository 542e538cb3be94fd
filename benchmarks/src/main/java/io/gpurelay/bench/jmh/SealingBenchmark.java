package io.gpurelay.bench.jmh;

import java.nio.ByteBuffer;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.security.MessageOpener;
import io.gpurelay.protocol.security.MessageSealer;
import io.gpurelay.protocol.security.SessionKeys;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What sealing costs a UDP session, per message: AES-256-GCM on the JDK plus the envelope, for a small call
 * (64 bytes), a 4 KiB copy and a full 1 MiB bulk chunk; {@code sealThenOpen} is both ends of one message (the opener
 * refuses a sequence number twice, so opening cannot be timed alone).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.util.zip=ALL-UNNAMED" })
@State(Scope.Thread)
public class SealingBenchmark
{
    @Param({ "64", "4096", "1048576" })
    public int messageLength;

    private UnsafeBuffer message;
    private UnsafeBuffer sealed;
    private MessageSealer sealer;
    private MessageOpener opener;

    @Setup(Level.Trial)
    public void setUp()
    {
        final byte[] bytes = new byte[messageLength];
        new Random(42).nextBytes(bytes);
        message = new UnsafeBuffer(ByteBuffer.allocateDirect(messageLength));
        message.putBytes(0, bytes);
        sealed = new UnsafeBuffer(ByteBuffer.allocateDirect(
            Protocol.MAX_CHUNK_LENGTH + Protocol.MESSAGE_OVERHEAD + MessageSealer.MAX_OVERHEAD));
        final byte[] requestKey = new byte[32];
        final byte[] replyKey = new byte[32];
        new Random(7).nextBytes(requestKey);
        new Random(8).nextBytes(replyKey);
        final SessionKeys keys = new SessionKeys(1, 1001, true, requestKey, replyKey);
        sealer = keys.requestSealer();
        opener = keys.requestOpener();
    }

    @Benchmark
    public int seal()
    {
        return sealer.seal(message, 0, messageLength, sealed);
    }

    @Benchmark
    public int sealThenOpen()
    {
        final int length = sealer.seal(message, 0, messageLength, sealed);
        final int opened = opener.open(sealed, 0, length);
        if (opened != messageLength)
        {
            throw new IllegalStateException("did not open: " + opener.outcome());
        }
        return opened;
    }
}
