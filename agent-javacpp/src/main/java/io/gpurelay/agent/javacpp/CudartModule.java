package io.gpurelay.agent.javacpp;

import java.util.List;

import io.gpurelay.agent.instrumentation.RelayedLibraries;
import io.gpurelay.agent.javacpp.struct.JavaCppStructs;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import net.bytebuddy.agent.builder.AgentBuilder;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.cudart}, which holds both the CUDA runtime and the driver API: its
 * hand-written functions ({@link JavaCppRuntime}, {@link JavaCppDriver}) and every row of the function table, of
 * either API, whose arguments its overloads take. The preset's struct and handle classes
 * ({@code org.bytedeco.cuda.cudart.*}) load without their native library too.
 */
public final class CudartModule extends JavaCppModule
{
    public CudartModule()
    {
        super("cudart", DriverStatus.NOT_SUPPORTED, "cudaErrorNotSupported / CUDA_ERROR_NOT_SUPPORTED (801)",
            DriverStatus.INVALID_VALUE, "cudaErrorInvalidValue / CUDA_ERROR_INVALID_VALUE",
            List.of("org.bytedeco.cuda.global.cudart", "org.bytedeco.cuda.presets.cudart",
                "org.bytedeco.cuda.cudart."));
        JavaCppRuntime.register(this);
        JavaCppDriver.register(this);
        JavaCppPinnedMemory.register(this);
        JavaCppMemory.register(this);
        JavaCppStreamOrdered.register(this);
        JavaCppDeviceSelection.register(this);
        JavaCppDriverCopies.register(this);
        JavaCppLinker.register(this);
        JavaCppCallbacks.register(this);
        JavaCppStructMakers.register(this);
        for (final FunctionRow row : FunctionTable.standard().rows())
        {
            if (!row.binding().library())
            {
                row(row);
            }
        }
    }

    /**
     * The presets' struct classes get Java bodies for their natives ({@link JavaCppStructs}), and their
     * function-pointer classes refuse to wrap a C function ({@link JavaCppFunctionPointers}).
     */
    public AgentBuilder extraRules(final AgentBuilder rules)
    {
        return JavaCppFunctionPointers.install(JavaCppStructs.install(rules, RelayedLibraries::registerClasses));
    }
}
