package io.gpurelay.agent.javacpp;

import io.gpurelay.agent.cuda.blas.CublasRoutineCall;

/**
 * A JavaCPP cuBLAS routine's arguments as {@link CublasRoutineCall} reads them: a device pointer is a
 * {@code Pointer}'s address (a Java array or buffer is refused), a host scalar is read wherever JavaCPP would read
 * it but never from device memory this process allocated, and a result is written through whatever the argument is
 * (a {@code Pointer}, a Java array, a buffer).
 */
final class JavaCppRoutineArguments implements CublasRoutineCall.Arguments
{

    private final JavaCppArgs a;

    JavaCppRoutineArguments(final JavaCppArgs a)
    {
        this.a = a;
    }

    public int count()
    {
        return a.count();
    }

    public long handle()
    {
        return a.handle(0);
    }

    public long integer(final int index)
    {
        return a.longValue(index);
    }

    public long device(final int index)
    {
        return a.devicePointer(index);
    }

    public byte[] hostScalar(final int index, final long bytes)
    {
        return CublasModule.hostBytes(a, index, bytes);
    }

    public long deviceScalar(final int index)
    {
        return a.devicePointer(index);
    }

    public long result(final int index, final boolean deviceMode, final long bytes)
    {
        JavaCppRuntime.requireOutput(a, index);
        return deviceMode ? a.devicePointer(index) : 0;
    }

    public void writeResult(final int index, final byte[] bytes)
    {
        a.writeBytes(index, bytes, bytes.length);
    }

    public void writeInt(final int index, final int value)
    {
        a.setInt(index, value);
    }
}
