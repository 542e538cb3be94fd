/**
 * The client: connecting to executors over Aeron, sessions and their sealing, routing each device to its executor,
 * replies, the transfer region and shared pinned memory, and the handles a session owns. Part of the core
 * ({@code agent-core}): it names no binding.
 */
package io.gpurelay.agent.client;
