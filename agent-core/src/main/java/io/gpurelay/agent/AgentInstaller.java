package io.gpurelay.agent;

import java.lang.instrument.Instrumentation;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.config.AgentConfig;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.instrumentation.NativeInstrumentation;
import io.gpurelay.agent.log.AgentLog;

/**
 * Everything premain does, in the order it must happen: JDK access first (Agrona needs it as soon as it loads), then
 * configuration and logging, then the client (which connects only on the first remoted call), then the
 * instrumentation of the bindings' classes as they load.
 */
final class AgentInstaller
{
    private AgentInstaller()
    {
    }

    static void install(final String agentArguments, final Instrumentation instrumentation)
    {
        JdkAccess.openTo(AgentInstaller.class.getModule(), instrumentation);

        final AgentConfig config = AgentConfig.fromSystem(agentArguments);
        AgentLog.configure(config.logLevel(), null);
        config.problems().forEach(AgentLog::warn);

        if (!instrumentation.isNativeMethodPrefixSupported())
        {
            throw new IllegalStateException(
                "this JVM does not let the agent rename native methods (the jar's manifest needs " +
                "Can-Set-Native-Method-Prefix: true)");
        }
        final DeviceRouter router = DeviceRouter.of(config);
        DeviceRouter.install(router);
        if (config.eagerConnect())
        {
            router.connectInBackground();
        }
        NativeInstrumentation.install(instrumentation, InstrumentationModule.loadAll());
        AgentLog.debug("agent started: " + config);
    }
}
