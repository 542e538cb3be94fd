package io.gpurelay.agent.jcuda.rand;

import io.gpurelay.agent.jcuda.JCudaLibraryCalls;
import io.gpurelay.protocol.describe.Library;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.implementation.Implementation;
import io.gpurelay.agent.cuda.rand.CurandRefusals;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.CurandStatus;

/**
 * JCuda's cuRAND host API, {@code jcuda.jcurand.JCurand}: the rows of {@link
 * io.gpurelay.protocol.describe.LibraryFunctions} are remoted by {@link JCudaLibraryCalls}, the rest by {@link
 * JCurandRemote}. cuRAND has no "not supported" status; what is not remoted returns {@code CURAND_STATUS_TYPE_ERROR},
 * cuRAND's answer for a kind of generator it does not have.
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
        return CurandRefusals.INSTANCE.emulatorRefusal(functionName);
    }

    public String refusalReason(final String functionName)
    {
        return CurandRefusals.INSTANCE.refusalReason(functionName);
    }

    /**
     * A native of a described function is remoted by its row.
     */
    public Object remotesByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return JCudaLibraryCalls.remotesByName(nativeMethod, Library.CURAND);
    }

    public Implementation bodyByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return JCudaLibraryCalls.bodyByName(nativeMethod, Library.CURAND);
    }
}
