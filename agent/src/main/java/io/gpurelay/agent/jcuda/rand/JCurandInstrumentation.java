package io.gpurelay.agent.jcuda.rand;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.SobolTable;

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

    /**
     * The emulator has XORWOW, MRG32k3a and Philox only: no quasi-random generators, no Sobol' tables
     * ({@link SobolTable}) and no discrete distributions of cuRAND's device API.
     */
    public String emulatorRefusal(final String functionName)
    {
        for (final SobolTable table : SobolTable.values())
        {
            if (table.functionName().equals(functionName))
            {
                return "it has no Sobol' generators and does not carry their tables";
            }
        }
        return switch (functionName)
        {
            case "curandSetQuasiRandomGeneratorDimensions" -> "its generators are all pseudo-random " +
                "(CURAND_STATUS_TYPE_ERROR, as cuRAND answers for those)";
            case "curandCreatePoissonDistribution", "curandDestroyDistribution" ->
                "it has no discrete distributions of cuRAND's device API";
            default -> null;
        };
    }

    public String refusalReason(final String functionName)
    {
        return "curandCreateGeneratorHost".equals(functionName) ? "a host generator writes the caller's host " +
            "memory, and gpurelay's generators write device memory on the executor; generating there and copying " +
            "the values back is not done yet: generate into device memory and copy it" : null;
    }
}
