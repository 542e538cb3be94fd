package io.gpurelay.executor.backend;

import java.util.List;

/**
 * Where remoted calls run: the emulator now, a GPU through JavaCPP's CUDA presets later. A backend is shared by all
 * sessions and must be thread safe; what one client holds lives in its {@link BackendSession}.
 */
public interface Backend extends AutoCloseable
{
    /** The name clients see in {@code Connected} and operators see in the ready line, e.g. {@code emulated}. */
    String name();

    int deviceCount();

    /**
     * The UUIDs of the devices, as {@code GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}, in the order sessions number
     * them: how the executor finds them in NVML, whose numbering differs from CUDA's. Empty where there are none.
     */
    default List<String> deviceUuids()
    {
        return List.of();
    }

    /**
     * Open the resources of one client session: a context per device, isolated from every other session.
     */
    BackendSession openSession(long sessionId);

    /**
     * Release the devices; called after every session has been closed.
     */
    void close();
}
