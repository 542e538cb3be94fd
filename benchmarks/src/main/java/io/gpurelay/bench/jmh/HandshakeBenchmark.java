package io.gpurelay.bench.jmh;

import java.util.concurrent.TimeUnit;

import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.security.ClientHandshake;
import io.gpurelay.protocol.security.ExecutorHandshake;
import io.gpurelay.protocol.security.HandshakeException;
import io.gpurelay.protocol.security.HandshakeTranscript;
import io.gpurelay.protocol.security.SessionKeys;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The crypto of one connect, both sides: two X25519 key pairs and agreements, the proofs and the HKDF schedule. The
 * executor's share of it runs on its control thread for every connect request.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class HandshakeBenchmark
{
    private static final String TOKEN = "benchmark-token";

    @Benchmark
    public SessionKeys bothSides() throws HandshakeException
    {
        final ClientHandshake client = new ClientHandshake(TOKEN);
        final ExecutorHandshake executor = new ExecutorHandshake(TOKEN);
        final byte[] proof = client.proveToken(1, Protocol.PROTOCOL_VERSION, 1101, 42, "aeron:udp?endpoint=h:1",
            "bench");
        final byte[] requestHash = HandshakeTranscript.requestHash(1, Protocol.PROTOCOL_VERSION, 1101, 42,
            "aeron:udp?endpoint=h:1", "bench", client.publicKey());
        if (!executor.isClientProof(requestHash, proof))
        {
            throw new IllegalStateException("proof refused");
        }
        final ExecutorHandshake.Accepted accepted = executor.accept(requestHash, client.publicKey(), 77,
            Protocol.SESSION_STREAM_ID_BASE + 1, 1001, true);
        return client.complete(77, Protocol.SESSION_STREAM_ID_BASE + 1, 1001, true, accepted.executorPublicKey(),
            accepted.executorProof());
    }
}
