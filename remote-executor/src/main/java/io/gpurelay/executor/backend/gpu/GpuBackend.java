package io.gpurelay.executor.backend.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

import io.gpurelay.executor.backend.DeviceSelection;
import io.gpurelay.executor.backend.Backend;
import io.gpurelay.executor.backend.BackendSession;

/**
 * The backend that runs calls on the host's GPUs through JavaCPP's CUDA presets. Clients see the selected devices as
 * 0..n-1, in the selection's order, as with {@code CUDA_VISIBLE_DEVICES}. Each session gets CUDA contexts of its own
 * on them (see {@link GpuBackendSession}).
 */
public final class GpuBackend implements Backend
{
    public static final String NAME = "gpu";

    private final GpuDevice[] devices;

    /**
     * @param selection the host's devices to serve, by their physical ordinals.
     * @throws IllegalStateException    when CUDA is not {@link GpuRuntime#usable()}.
     * @throws IllegalArgumentException when the selection names a device the host does not have.
     */
    public GpuBackend(final DeviceSelection selection)
    {
        GpuRuntime.requireUsable();
        GpuDeviceSelection.requireOnHost(selection, GpuRuntime.deviceCount());
        devices = new GpuDevice[selection.count()];
        for (int i = 0; i < devices.length; i++)
        {
            devices[i] = new GpuDevice(selection.ordinals()[i]);
        }
    }

    public String name()
    {
        return NAME;
    }

    public int deviceCount()
    {
        return devices.length;
    }

    public List<String> deviceUuids()
    {
        final List<String> uuids = new ArrayList<>(devices.length);
        for (final GpuDevice device : devices)
        {
            uuids.add(device.uuidText());
        }
        return uuids;
    }

    public BackendSession openSession(final long sessionId)
    {
        return new GpuBackendSession(devices);
    }

    /**
     * The devices served, for the executor's log, e.g. {@code 0 = GPU 1 (NVIDIA H100 80GB HBM3)}.
     */
    public String describeDevices()
    {
        final StringJoiner text = new StringJoiner(", ");
        for (int i = 0; i < devices.length; i++)
        {
            text.add(i + " = GPU " + devices[i].physicalOrdinal() + " (" + devices[i].name() + ")");
        }
        return text.toString();
    }

    /**
     * Nothing to release: every session has destroyed its contexts, and the devices hold nothing else of ours.
     */
    public void close()
    {
    }
}
