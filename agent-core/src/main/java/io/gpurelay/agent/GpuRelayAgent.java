package io.gpurelay.agent;

import java.lang.instrument.Instrumentation;

import io.gpurelay.agent.log.AgentLog;

/**
 * {@code -javaagent:gpurelay-agent.jar[=key=value,...]}. Whatever goes wrong here is reported in one line and the
 * application runs on without gpurelay: an agent must never be the reason an application does not start.
 */
public final class GpuRelayAgent
{
    private GpuRelayAgent()
    {
    }

    public static void premain(final String agentArguments, final Instrumentation instrumentation)
    {
        start(agentArguments, instrumentation);
    }

    public static void agentmain(final String agentArguments, final Instrumentation instrumentation)
    {
        start(agentArguments, instrumentation);
    }

    private static void start(final String agentArguments, final Instrumentation instrumentation)
    {
        try
        {
            AgentInstaller.install(agentArguments, instrumentation);
        }
        catch (final Throwable throwable)
        {
            System.err.println("gpurelay: the agent did not start (" + AgentLog.describe(throwable) +
                "); the application runs without gpurelay");
        }
    }
}
