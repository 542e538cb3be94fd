package io.gpurelay.emulator.ptx;

/**
 * State spaces as the interpreter addresses them. Kernel parameters are read from the launch's parameter buffer;
 * {@code .func} parameters and call arguments live in the thread's frame, so they are {@link #LOCAL}.
 */
enum Space
{
    GENERIC, GLOBAL, CONST, SHARED, LOCAL, KERNEL_PARAM
}
