package io.gpurelay.agent.cuda;

/**
 * Why a library's function is refused, as both bindings of the library say it: on the emulator (the function runs
 * on the gpu backend only), or everywhere (gpurelay does not remote it). Named by the C function, as JCuda names its
 * natives less {@code Native}.
 */
public interface LibraryRefusals
{
    /**
     * @return why the emulator does not run the function, or null when it does.
     */
    default String emulatorRefusal(final String functionName)
    {
        return null;
    }

    /**
     * @return why gpurelay does not remote the function at all, or null when there is no reason to give.
     */
    default String refusalReason(final String functionName)
    {
        return null;
    }
}
