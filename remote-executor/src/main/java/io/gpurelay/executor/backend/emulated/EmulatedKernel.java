package io.gpurelay.executor.backend.emulated;

import java.util.List;

import io.gpurelay.emulator.ptx.KernelParameter;
import io.gpurelay.emulator.ptx.PtxKernel;
import io.gpurelay.executor.backend.BackendKernel;
import io.gpurelay.executor.backend.KernelParameterLayout;

/**
 * A kernel of a loaded PTX module, its parameters as its {@code .entry} declares them.
 */
record EmulatedKernel(EmulatedModule module, PtxKernel kernel, KernelParameterLayout parameterLayout)
    implements BackendKernel
{
    EmulatedKernel(final EmulatedModule module, final PtxKernel kernel)
    {
        this(module, kernel, layout(kernel));
    }

    String name()
    {
        return kernel.name();
    }

    private static KernelParameterLayout layout(final PtxKernel kernel)
    {
        final List<KernelParameter> parameters = kernel.parameters();
        final int[] offsets = new int[parameters.size()];
        final int[] sizes = new int[parameters.size()];
        final String[] declarations = new String[parameters.size()];
        for (int i = 0; i < offsets.length; i++)
        {
            offsets[i] = kernel.parameterOffset(i);
            sizes[i] = parameters.get(i).size();
            declarations[i] = declaration(parameters.get(i));
        }
        return new KernelParameterLayout(kernel.name(), offsets, sizes, declarations);
    }

    /**
     * A by-value struct is declared as an array of bytes, {@code .param .align 8 .b8 p[16]}; it reads
     * {@code .param .b8[16] (16 bytes)} here.
     */
    private static String declaration(final KernelParameter parameter)
    {
        final boolean byteArray = parameter.ptxType().equals("b8") && parameter.size() > 1;
        return ".param ." + parameter.ptxType() + (byteArray ? "[" + parameter.size() + "]" : "") + " (" +
            parameter.size() + " bytes)";
    }
}
