package io.gpurelay.agent.cuda.rand;

import io.gpurelay.agent.cuda.LibraryRefusals;
import io.gpurelay.protocol.SobolTable;

/**
 * What cuRAND functions the emulator does not run, and which ones gpurelay refuses, for JCurand and JavaCPP's
 * cuRAND alike.
 */
public final class CurandRefusals implements LibraryRefusals
{
    public static final CurandRefusals INSTANCE = new CurandRefusals();

    private CurandRefusals()
    {
    }

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
