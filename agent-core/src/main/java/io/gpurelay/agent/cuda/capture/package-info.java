/**
 * Whether a stream capture is under way in the process, and how the binding that begins captures refuses a call that
 * cannot be captured: what the runtime's and the driver's calls both ask, below either of them.
 */
package io.gpurelay.agent.cuda.capture;
