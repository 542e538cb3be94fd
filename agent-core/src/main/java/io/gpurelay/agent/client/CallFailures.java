package io.gpurelay.agent.client;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * Tells the user why a call failed when the executor explained it: the status code alone does not say which address
 * a kernel faulted on or which PTX line a module load refused. Each distinct explanation is logged once, so a loop
 * that keeps failing the same way does not flood the application's output.
 */
public final class CallFailures
{
    private static final Map<Api, IntFunction<String>> STATUS_NAMES = new ConcurrentHashMap<>();

    private CallFailures()
    {
    }

    /**
     * How a binding names its API's status codes ({@code CUresult.stringFor}, {@code cudaError.stringFor}); the
     * client itself knows no binding.
     */
    public static void nameStatuses(final Api api, final IntFunction<String> names)
    {
        STATUS_NAMES.put(api, names);
    }

    /**
     * @param function the call that failed, or null for a pipelined call too old to be remembered.
     * @param message  the executor's explanation; nothing is logged without one.
     */
    static void report(final RemotedFunction function, final int status, final String message)
    {
        if (message == null || message.isEmpty() || status == RuntimeStatus.NOT_READY)
        {
            return;
        }
        final String call = function == null ? "a pipelined call" : functionName(function);
        AgentLog.warnOnce(call + " failed: " + statusName(function == null ? null : function.api(), status) + ": " +
            message);
    }

    /**
     * The function as the CUDA API spells it: {@code CU_MEMCPY_HTOD_ASYNC} is {@code cuMemcpyHtoDAsync},
     * {@code NVPTX_COMPILER_GET_INFO_LOG} is {@code nvPTXCompilerGetInfoLog}.
     */
    static String functionName(final RemotedFunction function)
    {
        if (!(function instanceof Function))
        {
            return function.name();
        }
        final StringBuilder name = new StringBuilder();
        final boolean ptxCompiler = function.name().startsWith("NVPTX_COMPILER_");
        for (final String word : (ptxCompiler ? function.name().substring("NVPTX_".length()) : function.name())
            .split("_"))
        {
            if (name.length() == 0)
            {
                name.append(ptxCompiler ? "nvPTXCompiler" : word.toLowerCase(Locale.ROOT));
            }
            else if (word.length() == 2 && Character.isDigit(word.charAt(0)) && word.charAt(1) == 'D')
            {
                name.append(word);
            }
            else if (word.length() == 4 && word.charAt(1) == 'T' && word.charAt(2) == 'O')
            {
                name.append(word.charAt(0)).append("to").append(word.charAt(3));
            }
            else
            {
                name.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
            }
        }
        return name.toString();
    }

    private static String statusName(final Api api, final int status)
    {
        final IntFunction<String> names = api == null ? null : STATUS_NAMES.get(api);
        return names == null ? "error " + status : names.apply(status);
    }
}
