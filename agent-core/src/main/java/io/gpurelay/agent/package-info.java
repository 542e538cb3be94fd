/**
 * The agent's bootstrap: the {@code -javaagent} entry point, its configuration ({@code gpurelay.*} system properties
 * and environment), its log, the JDK access it needs, and the coverage report that reads the same tables the rewriting
 * does. Part of the core (the {@code agent-core} module, which has neither binding on its class path): it names no
 * binding.
 */
package io.gpurelay.agent;
