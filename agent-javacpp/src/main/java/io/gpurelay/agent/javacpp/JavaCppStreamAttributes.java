package io.gpurelay.agent.javacpp;

import io.gpurelay.agent.javacpp.struct.JavaCppStructs;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.UnsafeApi;
import org.bytedeco.javacpp.Pointer;

/**
 * cudaStreamGetAttribute / cudaStreamSetAttribute and their driver twins, on the executor's stream attributes as
 * JCuda's are: the access policy window (its base a device address of the session) and the synchronization policy.
 * The value is the preset's {@code cudaLaunchAttributeValue} / {@code CUlaunchAttributeValue} union, whose
 * {@code accessPolicyWindow} and {@code syncPolicy} both start at its first byte; the window's members lie as CUDA's
 * headers put them (base_ptr 0, num_bytes 8, hitRatio 16, hitProp 20, missProp 24). Any other attribute is the
 * executor's CUDA_ERROR_NOT_SUPPORTED / cudaErrorNotSupported, saying so.
 */
final class JavaCppStreamAttributes
{
    private static final int ACCESS_POLICY_WINDOW = 1;
    private static final int SYNCHRONIZATION_POLICY = 3;
    private static final int WINDOW_VALUES = 5;
    private static final long NUM_BYTES = 8;
    private static final long HIT_RATIO = 16;
    private static final long HIT_PROP = 20;
    private static final long MISS_PROP = 24;

    private JavaCppStreamAttributes()
    {
    }

    static int get(final JavaCppArgs a, final boolean driver)
    {
        final Pointer value = JavaCppStructArgs.struct(a, 2);
        final int attribute = a.intValue(1);
        final long[] results = new long[WINDOW_VALUES];
        final long[] args = { a.stream(0), attribute };
        final int status = driver ?
            DriverCalls.inContext(Function.CU_STREAM_GET_ATTRIBUTE, args, null, null, results) :
            RuntimeCalls.call(Function.CUDA_STREAM_GET_ATTRIBUTE, args, null, null, results);
        if (status != RuntimeStatus.SUCCESS)
        {
            return status;
        }
        final long base = JavaCppStructs.structAddress(value);
        if (attribute == SYNCHRONIZATION_POLICY)
        {
            UnsafeApi.putInt(null, base, (int)results[0]);
        }
        else if (attribute == ACCESS_POLICY_WINDOW)
        {
            UnsafeApi.putLong(null, base, results[0]);
            UnsafeApi.putLong(null, base + NUM_BYTES, results[1]);
            UnsafeApi.putInt(null, base + HIT_RATIO, (int)results[2]);
            UnsafeApi.putInt(null, base + HIT_PROP, (int)results[3]);
            UnsafeApi.putInt(null, base + MISS_PROP, (int)results[4]);
        }
        return status;
    }

    static int set(final JavaCppArgs a, final boolean driver)
    {
        final long base = JavaCppStructs.structAddress(JavaCppStructArgs.struct(a, 2));
        final int attribute = a.intValue(1);
        final long[] args = attribute == ACCESS_POLICY_WINDOW ?
            new long[]{ a.stream(0), attribute, UnsafeApi.getLong(null, base),
                UnsafeApi.getLong(null, base + NUM_BYTES),
                Integer.toUnsignedLong(UnsafeApi.getInt(null, base + HIT_RATIO)),
                Integer.toUnsignedLong(UnsafeApi.getInt(null, base + HIT_PROP)),
                Integer.toUnsignedLong(UnsafeApi.getInt(null, base + MISS_PROP)) } :
            new long[]{ a.stream(0), attribute, Integer.toUnsignedLong(UnsafeApi.getInt(null, base)) };
        return driver ? DriverCalls.inContext(Function.CU_STREAM_SET_ATTRIBUTE, args, null, null, null) :
            RuntimeCalls.call(Function.CUDA_STREAM_SET_ATTRIBUTE, args, null, null, null);
    }
}
