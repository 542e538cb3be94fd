package io.gpurelay.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the encoding and decoding benchmarks share: their JMH settings (average nanoseconds, one fork with the opens
 * Aeron and Agrona need), which JMH reads from this superclass, and the session, context and timeout of the messages
 * the proxies write.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.util.zip=ALL-UNNAMED" })
@State(Scope.Thread)
public abstract class ProtocolBenchmark
{
    static final long SESSION_ID = 7;
    static final long CONTEXT = 0x7000_0000_1000L;
    static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
}
