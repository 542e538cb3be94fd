package io.gpurelay.agent.jcuda.rand;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.CurandStatus;

/**
 * JCuda's cuRAND host API, {@code jcuda.jcurand.JCurand}: remoted by {@link JCurandRemote}. cuRAND has no "not
 * supported" status; what is not remoted returns {@code CURAND_STATUS_TYPE_ERROR}, cuRAND's answer for a kind of
 * generator it does not have.
 */
public final class JCurandInstrumentation extends InstrumentationModule
{
    public JCurandInstrumentation()
    {
        super("jcuda.jcurand.JCurand", "JCurand", JCurandRemote.class, CurandStatus.TYPE_ERROR,
            "CURAND_STATUS_TYPE_ERROR", "JCurand-");
    }

    public String refusalReason(final String functionName)
    {
        return "curandCreateGeneratorHost".equals(functionName) ? "a host generator writes the caller's host " +
            "memory, and gpurelay's generators write device memory on the executor; generating there and copying " +
            "the values back is not done yet: generate into device memory and copy it" : null;
    }
}
