package io.gpurelay.executor.backend.emulated;

import io.gpurelay.emulator.ptx.KernelParameter;
import io.gpurelay.emulator.ptx.PtxKernel;
import io.gpurelay.executor.backend.BackendKernel;

/**
 * A kernel of a loaded PTX module, its parameters as its {@code .entry} declares them.
 */
record EmulatedKernel(EmulatedModule module, PtxKernel kernel) implements BackendKernel
{
    public String name()
    {
        return kernel.name();
    }

    public int parameterCount()
    {
        return kernel.parameters().size();
    }

    public int parameterOffset(final int index)
    {
        return kernel.parameterOffset(index);
    }

    public int parameterSize(final int index)
    {
        return kernel.parameters().get(index).size();
    }

    /**
     * A by-value struct is declared as an array of bytes, {@code .param .align 8 .b8 p[16]}; it reads
     * {@code .param .b8[16] (16 bytes)} here.
     */
    public String parameterDeclaration(final int index)
    {
        final KernelParameter parameter = kernel.parameters().get(index);
        final boolean byteArray = parameter.ptxType().equals("b8") && parameter.size() > 1;
        return ".param ." + parameter.ptxType() + (byteArray ? "[" + parameter.size() + "]" : "") + " (" +
            parameter.size() + " bytes)";
    }

    public int parameterBufferSize()
    {
        return kernel.parameterBufferSize();
    }
}
