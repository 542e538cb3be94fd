package io.gpurelay.agent.cuda.blas;

import io.gpurelay.agent.log.AgentLog;

/**
 * What cuBLAS's header does in {@code cublasMigrateComputeType} for a legacy compute type (a {@code cudaDataType}):
 * the {@code cublasComputeType_t} for it, pedantic if the handle's math mode is. Free of JCuda's classes, so that
 * JCublas2's and JavaCPP's cublasMigrateComputeType share it (a JavaCPP program has no JCuda).
 */
public final class CublasComputeTypes
{
    /** What {@link #migrate} answers for a data type that has no compute type. */
    public static final int NONE = -1;
    /** {@code CUBLAS_PEDANTIC_MATH}, and the bits of a math mode that are its mode (the rest are flags). */
    private static final int PEDANTIC_MATH = 2;
    private static final int MATH_MODE_MASK = 0xF;

    private CublasComputeTypes()
    {
    }

    /**
     * The compute type for {@code dataType} under the handle's {@code mathMode}; for a data type that has none,
     * logged under {@code function}'s name, {@link #NONE} (the caller returns CUBLAS_STATUS_NOT_SUPPORTED).
     */
    public static int migrate(final String function, final int dataType, final long mathMode)
    {
        final boolean pedantic = (mathMode & MATH_MODE_MASK) == PEDANTIC_MATH;
        final int migrated = switch (dataType)
        {
            case 0, 4 -> pedantic ? 69 : 68;
            case 1, 5 -> pedantic ? 71 : 70;
            case 2, 6 -> pedantic ? 65 : 64;
            case 10, 11 -> pedantic ? 73 : 72;
            default -> NONE;
        };
        if (migrated == NONE)
        {
            AgentLog.warn(function + ": " + dataType + " is no compute type; returning CUBLAS_STATUS_NOT_SUPPORTED");
        }
        return migrated;
    }
}
