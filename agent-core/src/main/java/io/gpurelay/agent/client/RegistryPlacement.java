package io.gpurelay.agent.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.config.AgentConfig;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.driver.DriverHandle;
import io.gpurelay.driver.MediaDrivers;
import io.gpurelay.registry.PlacedDevice;
import io.gpurelay.registry.Placement;
import io.gpurelay.registry.RegistryClient;
import io.gpurelay.registry.RegistryEndpoints;
import org.agrona.CloseHelper;

/**
 * Asks a pool registry where this client runs: the configured number of devices with the configured free memory,
 * least-loaded executors first. The registry is only asked; the sessions then go to the executors directly.
 */
final class RegistryPlacement
{
    private RegistryPlacement()
    {
    }

    /**
     * The executors and their devices a placement gave, grouped by executor in the order the registry named them.
     */
    record Layout(List<String> channels, List<int[]> devices)
    {
    }

    /**
     * @return the placement, or null (said in the log) when the registry did not place this client.
     */
    static Layout place(final AgentConfig config)
    {
        final RegistryEndpoints registry = config.registry();
        final long timeoutNs = TimeUnit.MILLISECONDS.toNanos(config.timeoutMs());
        DriverHandle driver = null;
        RegistryClient client = null;
        try
        {
            if (!MediaDrivers.isDriverActive(config.aeronDirectoryName()))
            {
                config.profile().applyAsDefaults();
                RelocatedClassNames.relocate(System.getProperties());
            }
            driver = MediaDrivers.useOrLaunchPrivate(config.aeronDirectoryName(), config.profile(), AgentLog::debug);
            client = RegistryClient.connect(driver.aeronDirectoryName(), registry, timeoutNs);
            final Placement placement = client.place(config.registryDevices(), config.registryMinFreeBytes(),
                config.clientName(), timeoutNs);
            if (!placement.placed())
            {
                AgentLog.warn("the registry at " + registry + " did not place this client on " +
                    config.registryDevices() + " devices with " + config.registryMinFreeBytes() + " bytes free: " +
                    placement.message() + "; CUDA calls return cudaErrorDevicesUnavailable");
                return null;
            }
            AgentLog.info("the registry at " + registry + " placed this client on " + placement.devices());
            return layout(placement.devices());
        }
        catch (final RuntimeException ex)
        {
            AgentLog.warn("cannot reach the registry at " + registry + ": " + AgentLog.describe(ex) +
                "; CUDA calls return cudaErrorDevicesUnavailable");
            return null;
        }
        finally
        {
            CloseHelper.quietCloseAll(client, driver);
        }
    }

    static Layout layout(final List<PlacedDevice> placed)
    {
        final Map<String, List<Integer>> byExecutor = new LinkedHashMap<>();
        for (final PlacedDevice device : placed)
        {
            byExecutor.computeIfAbsent(device.channel(), channel -> new ArrayList<>()).add(device.ordinal());
        }
        final List<int[]> devices = new ArrayList<>();
        byExecutor.values().forEach(ordinals -> devices.add(ordinals.stream().mapToInt(Integer::intValue).toArray()));
        return new Layout(List.copyOf(byExecutor.keySet()), devices);
    }
}
