package io.gpurelay.executor.backend;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * What a backend function produced: an error or success, result values, an optional payload and, on failure, a
 * message for the client's log. One per session, reset before each call, so that dispatching allocates nothing.
 * <p>
 * The result knows which API the call belongs to, so a failure is recorded as a {@link CudaError} and replied with
 * that API's number for it.
 */
public final class CallResult
{
    /** More values than any remoted function returns. */
    public static final int MAX_VALUES = 64;

    private final long[] values = new long[MAX_VALUES];
    private Api api = Api.RUNTIME;
    private int valueCount;
    private CudaError error;
    private String message;
    private PayloadSource payload;

    /**
     * Start a call of this API.
     */
    public void reset(final Api api)
    {
        this.api = api;
        reset();
    }

    /**
     * Clear the outcome, keeping the API of the call being answered.
     */
    public void reset()
    {
        valueCount = 0;
        error = null;
        message = null;
        payload = null;
    }

    public CallResult value(final long value)
    {
        values[valueCount++] = value;
        return this;
    }

    public CallResult payload(final PayloadSource payload)
    {
        this.payload = payload;
        return this;
    }

    public void fail(final CudaError error, final String message)
    {
        this.error = error;
        this.message = message;
    }

    public boolean failed()
    {
        return error != null;
    }

    /**
     * @return the error, or null after success.
     */
    public CudaError error()
    {
        return error;
    }

    /**
     * @return the status the reply carries: the error's number in the call's API, or 0.
     */
    public int status()
    {
        return error == null ? RuntimeStatus.SUCCESS : error.status(api);
    }

    /**
     * The name a message gives the function, as the client's API spells it: one implementation serves
     * {@code cudaMalloc} and {@code cuMemAlloc}, and the client's log should name the one it called.
     */
    public String name(final String runtimeName, final String driverName)
    {
        return api == Api.DRIVER ? driverName : runtimeName;
    }

    /**
     * The values array, of which the first {@link #valueCount()} are the result's; reused between calls.
     */
    public long[] values()
    {
        return values;
    }

    public int valueCount()
    {
        return valueCount;
    }

    public String message()
    {
        return message;
    }

    public PayloadSource payload()
    {
        return payload;
    }
}
