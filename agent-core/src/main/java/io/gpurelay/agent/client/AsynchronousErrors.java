package io.gpurelay.agent.client;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * Failures of pipelined calls, kept until the next call in the same context returns them: CUDA's rule for
 * asynchronous errors. The executor replies to a pipelined call only when it fails, naming it by correlation id, so
 * the context and function of the last {@value #RECENT_PIPELINED_CALLS} pipelined calls are remembered; a failure of
 * an older one, which only a client far ahead of its executor sees, is returned by the next call in any context.
 * <p>
 * A context is a runtime device or a driver context handle: a kernel that faults in one context is not reported by a
 * healthy one. Sticky faults need nothing here: the executor fails every later call of a faulted context itself.
 */
final class AsynchronousErrors
{
    private static final int RECENT_PIPELINED_CALLS = 4096;
    private static final ContextKey ANY_CONTEXT = new ContextKey(null, 0);

    private record ContextKey(Api api, long context)
    {
    }

    private final long[] correlationIds = new long[RECENT_PIPELINED_CALLS];
    private final ContextKey[] contexts = new ContextKey[RECENT_PIPELINED_CALLS];
    private final RemotedFunction[] functions = new RemotedFunction[RECENT_PIPELINED_CALLS];
    private final Map<ContextKey, Integer> pending = new ConcurrentHashMap<>();

    /**
     * A pipelined call is about to be sent: remember where it runs, before its failure could come back.
     */
    synchronized void expect(final long correlationId, final RemotedFunction function, final long context)
    {
        final int slot = slot(correlationId);
        correlationIds[slot] = correlationId;
        contexts[slot] = new ContextKey(function.api(), context);
        functions[slot] = function;
    }

    /**
     * A reply nobody waits for carried a failure: keep the first one of its context.
     *
     * @return the function that failed, or null for a call too old to be remembered.
     */
    synchronized RemotedFunction failed(final long correlationId, final int status)
    {
        final int slot = slot(correlationId);
        final boolean remembered = correlationIds[slot] == correlationId && contexts[slot] != null;
        pending.putIfAbsent(remembered ? contexts[slot] : ANY_CONTEXT, status);
        return remembered ? functions[slot] : null;
    }

    /**
     * The outcome a call that waited for its reply returns: its own failure, or else the context's pending one.
     */
    int complete(final Api api, final long context, final int status)
    {
        if (pending.isEmpty())
        {
            return status;
        }
        if (status != RuntimeStatus.SUCCESS)
        {
            pending.remove(new ContextKey(api, context), status);
            return status;
        }
        return take(api, context);
    }

    /**
     * @return the context's pending failure, forgotten now that it is reported, or success.
     */
    int take(final Api api, final long context)
    {
        if (pending.isEmpty())
        {
            return RuntimeStatus.SUCCESS;
        }
        Integer status = pending.remove(new ContextKey(api, context));
        if (status == null)
        {
            status = pending.remove(ANY_CONTEXT);
        }
        return status == null ? RuntimeStatus.SUCCESS : status;
    }

    /**
     * The context is gone (destroyed, or its device reset): what failed in it is nobody's to report.
     */
    void forget(final Api api, final long context)
    {
        pending.remove(new ContextKey(api, context));
    }

    private static int slot(final long correlationId)
    {
        return (int)(correlationId & (RECENT_PIPELINED_CALLS - 1));
    }
}
