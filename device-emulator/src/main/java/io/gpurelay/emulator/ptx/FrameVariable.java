package io.gpurelay.emulator.ptx;

/**
 * A variable that lives in a thread's frame of local memory: a {@code .local} array, a {@code .func} parameter or
 * return value, or a {@code .param} declared in a function body to pass arguments to a call.
 * The offset is relative to the frame base of the function that declares it.
 */
record FrameVariable(String name, int offset, int size, int alignment)
{
}
