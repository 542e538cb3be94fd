/**
 * The runtime API's shared logic: each thread's device and last error, the calls that travel in the current device's
 * context, peer copies, and the function table's runtime rows.
 */
package io.gpurelay.agent.cuda.runtime;
