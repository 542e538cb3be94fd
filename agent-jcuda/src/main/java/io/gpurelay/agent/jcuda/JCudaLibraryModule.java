package io.gpurelay.agent.jcuda;

import io.gpurelay.agent.cuda.LibraryRefusals;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.describe.Library;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.implementation.Implementation;

/**
 * A JCuda library binding whose described functions ({@link io.gpurelay.protocol.describe.LibraryFunctions}) are
 * remoted by their rows through {@link JCudaLibraryCalls}, the rest by its hand-written remote class; what it refuses
 * and why is its {@link LibraryRefusals}'.
 */
public abstract class JCudaLibraryModule extends InstrumentationModule
{
    private final Library library;
    private final LibraryRefusals refusals;

    protected JCudaLibraryModule(final String targetClassName, final String bindingName,
        final Class<?> remoteImplementation, final int notSupportedStatus, final String notSupportedStatusName,
        final Library library, final LibraryRefusals refusals)
    {
        super(targetClassName, bindingName, remoteImplementation, notSupportedStatus, notSupportedStatusName,
            bindingName + "-");
        this.library = library;
        this.refusals = refusals;
    }

    public String emulatorRefusal(final String functionName)
    {
        return refusals.emulatorRefusal(functionName);
    }

    public String refusalReason(final String functionName)
    {
        return refusals.refusalReason(functionName);
    }

    /**
     * A native of a described function is remoted by its row.
     */
    public Object remotesByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return JCudaLibraryCalls.remotesByName(nativeMethod, library);
    }

    public Implementation bodyByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return JCudaLibraryCalls.bodyByName(nativeMethod, library);
    }
}
