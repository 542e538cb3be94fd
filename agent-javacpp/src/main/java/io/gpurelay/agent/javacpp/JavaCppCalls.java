package io.gpurelay.agent.javacpp;

import java.lang.reflect.Method;
import java.util.concurrent.CopyOnWriteArrayList;

import io.gpurelay.agent.log.AgentLog;

/**
 * The one body of every rewritten JavaCPP native: the native calls {@link #call(int, Object[])} with the index its
 * method was registered under as its class was rewritten, and its arguments. Public because the calls come from the
 * preset's own classes.
 */
public final class JavaCppCalls
{
    /** {@link #call(int, Object[])}, for the rewritten bodies. */
    public static final Method CALL = callMethod();

    private static final CopyOnWriteArrayList<JavaCppMethod> METHODS = new CopyOnWriteArrayList<>();

    private JavaCppCalls()
    {
    }

    /**
     * @return the index the method's rewritten body passes to {@link #call(int, Object[])}.
     */
    public static synchronized int register(final JavaCppMethod method)
    {
        METHODS.add(method);
        return METHODS.size() - 1;
    }

    /**
     * Run a rewritten native: its function reads the arguments by their run-time types.
     */
    public static Object call(final int index, final Object[] arguments)
    {
        final JavaCppMethod method = METHODS.get(index);
        try
        {
            return method.function().call(new JavaCppArgs(method, arguments));
        }
        catch (final JavaCppArgumentException ex)
        {
            AgentLog.warn(method.qualifiedName() + ": " + ex.getMessage() + "; returning " +
                method.invalidStatusName());
            return method.returnType().equals("int") ? method.invalidStatus() : null;
        }
    }

    private static Method callMethod()
    {
        try
        {
            return JavaCppCalls.class.getMethod("call", int.class, Object[].class);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
