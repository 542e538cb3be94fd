package io.gpurelay.agent.javacpp.struct;

import java.lang.instrument.Instrumentation;
import java.util.List;

import io.gpurelay.agent.instrumentation.NativeInstrumentation;
import io.gpurelay.agent.javacpp.CudartModule;

/**
 * The agent's class-load-time rewriting with JavaCPP's cudart module only (which brings the struct classes' rules)
 * and no connection to an executor: what a forked test JVM starts with (through a manifest-only jar naming this
 * class) to use JavaCPP's struct classes without CUDA.
 */
public final class StructTestAgent
{
    private StructTestAgent()
    {
    }

    public static void premain(final String arguments, final Instrumentation instrumentation)
    {
        NativeInstrumentation.install(instrumentation, List.of(new CudartModule()));
    }
}
