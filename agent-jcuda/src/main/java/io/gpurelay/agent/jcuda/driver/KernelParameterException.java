package io.gpurelay.agent.jcuda.driver;

/**
 * Launch parameters that do not fit the kernel, and why, naming the kernel and the parameter, for the log.
 */
final class KernelParameterException extends Exception
{
    private static final long serialVersionUID = 1L;

    KernelParameterException(final String message)
    {
        super(message, null, false, false);
    }
}
