/**
 * The driver API's shared logic: each thread's context stack, the calls that travel in the current context, kernel
 * signatures, peer copies, the JIT linker's inputs, pointer attributes, stream-capture activity, and the function
 * table's driver rows.
 */
package io.gpurelay.agent.cuda.driver;
