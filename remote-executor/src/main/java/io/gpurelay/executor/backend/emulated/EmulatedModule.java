package io.gpurelay.executor.backend.emulated;

import io.gpurelay.emulator.ptx.ModuleInstance;
import io.gpurelay.executor.backend.BackendModule;

/**
 * A PTX module instantiated in a context's device: its variables allocated there, its kernels ready to launch.
 */
record EmulatedModule(EmulatedContext context, ModuleInstance instance) implements BackendModule
{
}
