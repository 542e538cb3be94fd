package io.gpurelay.agent.jcuda.rand;

import io.gpurelay.agent.cuda.rand.CurandRefusals;
import io.gpurelay.agent.jcuda.JCudaLibraryModule;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.describe.Library;

/**
 * JCuda's cuRAND host API, {@code jcuda.jcurand.JCurand}: the rows of
 * {@link io.gpurelay.protocol.describe.LibraryFunctions} are remoted by
 * {@link io.gpurelay.agent.jcuda.JCudaLibraryCalls}, the rest by {@link JCurandRemote}. cuRAND has no "not supported"
 * status; what is not remoted returns {@code CURAND_STATUS_TYPE_ERROR}, cuRAND's answer for a kind of generator it
 * does not have. The emulator has XORWOW, MRG32k3a and Philox only: no quasi-random generators, no Sobol' tables
 * ({@link SobolTable}) and no discrete distributions of cuRAND's device API ({@link CurandRefusals}).
 */
public final class JCurandInstrumentation extends JCudaLibraryModule
{
    public JCurandInstrumentation()
    {
        super("jcuda.jcurand.JCurand", "JCurand", JCurandRemote.class, CurandStatus.TYPE_ERROR,
            "CURAND_STATUS_TYPE_ERROR", Library.CURAND, CurandRefusals.INSTANCE);
    }
}
