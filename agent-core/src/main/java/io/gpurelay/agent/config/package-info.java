/**
 * The agent's configuration: the {@code -javaagent} arguments, the {@code gpurelay.*} system properties and the
 * {@code GPURELAY_*} environment, resolved once at start into one immutable {@link
 * io.gpurelay.agent.config.AgentConfig} (executors, Aeron directory, timeouts, token, client name, registry, copy
 * threads, log level). A leaf of the core: it needs only the log, and the bootstrap, the client and the bindings read
 * it, never the other way round.
 */
package io.gpurelay.agent.config;
