package io.gpurelay.agent.javacpp;

/**
 * An argument a function cannot take: null where C needs a pointer, host memory too small for what the call reads
 * or writes, a Java type the argument's role cannot have. The call answers the binding's invalid-value status and
 * logs why; nothing was sent.
 */
public final class JavaCppArgumentException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public JavaCppArgumentException(final String message)
    {
        super(message, null, false, false);
    }
}
