package io.gpurelay.executor.counters;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.gpurelay.executor.backend.DeviceMemoryFigures;
import io.gpurelay.executor.backend.Nvml;
import io.gpurelay.executor.log.ExecutorLog;

/**
 * The gpu backend's figures, from NVML: total and free memory of each device as the driver reports them (what
 * {@code nvidia-smi} shows, other processes' use included), read without a CUDA context, so the supervisor of process
 * isolation can read them while only its workers touch CUDA.
 * <p>
 * CUDA and NVML number devices differently: CUDA puts the fastest first by default ({@code CUDA_DEVICE_ORDER}) and
 * renumbers what {@code CUDA_VISIBLE_DEVICES} leaves, NVML counts every device in PCI bus order. Ordinals are therefore
 * never carried over; a device is found in NVML by its UUID, which the backend read from CUDA in the process that
 * serves it, after CUDA's ordering and {@code CUDA_VISIBLE_DEVICES}. Where that cannot be done (no NVML, no UUID, a
 * UUID NVML does not know, as with a MIG instance, two devices with one UUID) the executor says why once in its log
 * and reports {@link DeviceMemoryFigures#UNKNOWN} for every device rather than figures of the wrong device.
 */
public final class NvmlDeviceMemory implements DeviceMemorySource
{
    private final Supplier<Nvml> nvmlOpener;
    private final List<String> deviceUuids;
    private final ExecutorLog log;
    private Nvml nvml;
    private List<Nvml.Device> devices;
    private boolean unavailable;
    private boolean readFailureSaid;

    /**
     * @param nvmlOpener  opens NVML; may throw (an {@link IllegalStateException} or a {@link LinkageError}) where
     *                    there is none. Called once, on the first read.
     * @param deviceUuids the UUIDs of the devices as sessions number them, from the backend.
     */
    public NvmlDeviceMemory(final Supplier<Nvml> nvmlOpener, final List<String> deviceUuids, final ExecutorLog log)
    {
        this.nvmlOpener = nvmlOpener;
        this.deviceUuids = List.copyOf(deviceUuids);
        this.log = log;
    }

    public DeviceMemoryFigures read(final int device)
    {
        if (devices == null && !unavailable)
        {
            map();
        }
        if (unavailable || device < 0 || device >= devices.size())
        {
            return DeviceMemoryFigures.UNKNOWN_FIGURES;
        }
        try
        {
            final DeviceMemoryFigures figures = devices.get(device).memory();
            readFailureSaid = false;
            return figures;
        }
        catch (final RuntimeException ex)
        {
            if (!readFailureSaid)
            {
                log.warn("NVML could not read the memory of device " + device + " (" + deviceUuids.get(device) +
                    "): " + ex.getMessage() + "; its free memory is reported as unknown while this lasts");
                readFailureSaid = true;
            }
            return DeviceMemoryFigures.UNKNOWN_FIGURES;
        }
    }

    /**
     * Find every device in NVML, or none: a partial mapping would not be wrong, but a pool whose executors report
     * some devices' memory is harder to reason about than one that says it does not know.
     */
    private void map()
    {
        final String problem = mappingProblem();
        if (problem != null)
        {
            unavailable = true;
            log.warn("device memory is reported as unknown: " + problem);
            if (nvml != null)
            {
                closeNvml();
            }
            return;
        }
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < deviceUuids.size(); i++)
        {
            text.append(i == 0 ? "" : ", ").append(i).append(" = ").append(deviceUuids.get(i));
        }
        log.info("device memory from NVML: " + text);
    }

    private String mappingProblem()
    {
        if (deviceUuids.isEmpty())
        {
            return "the backend named no device UUIDs to find its devices in NVML by";
        }
        if (deviceUuids.stream().distinct().count() != deviceUuids.size())
        {
            return "two devices have one UUID (" + deviceUuids + ")";
        }
        try
        {
            nvml = nvmlOpener.get();
        }
        catch (final RuntimeException | LinkageError ex)
        {
            return "NVML is not available (" + ex.getMessage() + ")";
        }
        final List<Nvml.Device> found = new ArrayList<>(deviceUuids.size());
        for (int i = 0; i < deviceUuids.size(); i++)
        {
            try
            {
                found.add(nvml.deviceByUuid(deviceUuids.get(i)));
            }
            catch (final RuntimeException ex)
            {
                return "NVML does not know device " + i + " by its UUID " + deviceUuids.get(i) + " (" +
                    ex.getMessage() + "), so which NVML device it is cannot be told";
            }
        }
        devices = found;
        return null;
    }

    private void closeNvml()
    {
        try
        {
            nvml.close();
        }
        catch (final RuntimeException ex)
        {
            log.debug("NVML shutdown: " + ex);
        }
        nvml = null;
    }

    public void close()
    {
        if (nvml != null)
        {
            closeNvml();
        }
    }
}
