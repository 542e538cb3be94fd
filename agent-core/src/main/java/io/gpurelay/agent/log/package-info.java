/**
 * The agent's log: single lines on stderr, prefixed {@code gpurelay: }, at a level the configuration chooses. The
 * lowest package of the agent: it imports nothing of the agent, and every other package (the bootstrap, the
 * configuration, the instrumentation, the client, the shared CUDA logic and both bindings) may write to it.
 */
package io.gpurelay.agent.log;
