/**
 * The agent's bootstrap: the {@code -javaagent} entry point, the installer that opens the JDK access Agrona needs and
 * starts the configuration, the log, the client and the instrumentation in order, and the coverage report that reads
 * the same tables the rewriting does. The top of the core: it imports the packages below it, and none of them imports
 * it (the configuration and the log live in {@code io.gpurelay.agent.config} and {@code io.gpurelay.agent.log}). Part
 * of the core (the {@code agent-core} module, which has neither binding on its class path): it names no binding.
 */
package io.gpurelay.agent;
