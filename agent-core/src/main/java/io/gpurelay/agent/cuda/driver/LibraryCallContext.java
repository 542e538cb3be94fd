package io.gpurelay.agent.cuda.driver;

import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;

/**
 * Where a call of a CUDA library (cuRAND) runs: in the calling thread's current context, as the libraries do, which is
 * the driver context the thread made current if it has a live one, else the primary context of its current runtime
 * device. The executor tells the two apart by the value: context handles are tagged, device ordinals small.
 */
public final class LibraryCallContext
{
    private LibraryCallContext()
    {
    }

    public static long current()
    {
        final long context = DriverContexts.top();
        return DriverContexts.isLive(context) ? context : RuntimeThreadState.currentDevice();
    }
}
