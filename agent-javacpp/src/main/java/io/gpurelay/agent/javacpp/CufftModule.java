package io.gpurelay.agent.javacpp;

import java.util.List;

import io.gpurelay.agent.cuda.LibraryRefusals;
import io.gpurelay.agent.cuda.fft.CufftRefusals;
import io.gpurelay.agent.cuda.fft.CufftCalls;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.describe.Library;
import io.gpurelay.protocol.describe.LibraryFunction;
import io.gpurelay.protocol.describe.LibraryFunctions;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.cufft}: plans live on the executor, in the calling thread's current
 * context as cuFFT's do, on the same calls JCuda's {@code JCufft} makes: its rows of {@link LibraryFunctions} through
 * {@link JavaCppLibraryArguments} and the version's properties by hand ({@link CufftCalls}, whose plan numbers both
 * bindings share). A {@code cufftHandle} is an {@code int} in C, so the program holds a number of this process's that
 * names the executor's plan; an unknown number is {@code CUFFT_INVALID_PLAN}. The {@code Many} functions' sizes and
 * embeds ({@code int*} or {@code long long*}) are read as C reads them, {@code rank} elements from where the argument
 * points; a null embed is the basic layout. Transforms work on device memory only.
 */
public final class CufftModule extends JavaCppModule
{
    public CufftModule()
    {
        super("cufft", CufftStatus.NOT_SUPPORTED, "CUFFT_NOT_SUPPORTED", CufftStatus.INVALID_VALUE,
            "CUFFT_INVALID_VALUE", List.of("org.bytedeco.cuda.global.cufft", "org.bytedeco.cuda.presets.cufft",
                "org.bytedeco.cuda.cufft."));
        for (final LibraryFunction function : LibraryFunctions.of(Library.CUFFT))
        {
            function(function.name(), JavaCppLibraryArguments.of(function));
        }
        // The version's properties are computed here from the executor's version.
        function("cufftGetProperty", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            final int[] value = new int[1];
            final int status = CufftCalls.getProperty(a.intValue(0), value);
            if (status == CufftStatus.SUCCESS)
            {
                a.setInt(1, value[0]);
            }
            return status;
        });
    }

    /**
     * The plan properties ({@code cufftSetPlanPropertyInt64}, {@code cufftGetPlanPropertyInt64},
     * {@code cufftResetPlanProperty}) have no wire function: JCufft has no such functions, so nothing carries them.
     */
    public String refusalReason(final String functionName)
    {
        return switch (functionName)
        {
            case "cufftSetPlanPropertyInt64", "cufftGetPlanPropertyInt64", "cufftResetPlanProperty" ->
                "no call carries cuFFT's plan properties to the executor yet (JCufft has none to share it with)";
            default -> CufftRefusals.INSTANCE.refusalReason(functionName);
        };
    }

    protected LibraryRefusals refusals()
    {
        return CufftRefusals.INSTANCE;
    }
}
