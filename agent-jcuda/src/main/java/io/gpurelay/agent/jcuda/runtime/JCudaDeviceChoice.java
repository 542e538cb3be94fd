package io.gpurelay.agent.jcuda.runtime;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.cuda.runtime.RuntimeDeviceSelection;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.runtime.cudaDeviceProp;

/**
 * cudaChooseDevice for JCuda: it compares JCuda's {@code cudaDeviceProp} of each candidate with the wanted one.
 */
final class JCudaDeviceChoice
{
    private JCudaDeviceChoice()
    {
    }

    /**
     * The device whose properties match best: among the valid devices (all when no list is set), the one of the
     * nearest compute capability to the wanted {@code major.minor} (when one is wanted, major above 0), then the one
     * that meets the most of the wanted sizes and counts (those above 0), then the first.
     */
    static int chooseDevice(final int[] device, final cudaDeviceProp prop)
    {
        final String name = "cudaChooseDevice";
        if (device == null || device.length == 0 || prop == null)
        {
            return RuntimeDeviceSelection.refuse(name, "device or prop is null", RuntimeStatus.INVALID_VALUE);
        }
        final DeviceRouter client = DeviceRouter.installed();
        final int status = client.connect();
        if (status != RuntimeStatus.SUCCESS)
        {
            return RuntimeCalls.record(status);
        }
        final int[] valid = RuntimeThreadState.validDevices();
        final int candidates = valid == null ? client.deviceCount() : valid.length;
        int best = -1;
        long bestDistance = Long.MAX_VALUE;
        int bestScore = -1;
        for (int i = 0; i < candidates; i++)
        {
            final int candidate = valid == null ? i : valid[i];
            final cudaDeviceProp properties = new cudaDeviceProp();
            final int queried = JCudaRuntimeRemote.cudaGetDevicePropertiesNative(properties, candidate);
            if (queried != RuntimeStatus.SUCCESS)
            {
                return queried;
            }
            final long distance = prop.major > 0 ?
                Math.abs((properties.major * 100L + properties.minor) - (prop.major * 100L + prop.minor)) : 0;
            final int score = score(prop, properties);
            if (distance < bestDistance || distance == bestDistance && score > bestScore)
            {
                best = candidate;
                bestDistance = distance;
                bestScore = score;
            }
        }
        if (best < 0)
        {
            return RuntimeDeviceSelection.refuse(name, "there is no device to choose", RuntimeStatus.INVALID_DEVICE);
        }
        device[0] = best;
        return RuntimeStatus.SUCCESS;
    }

    private static int score(final cudaDeviceProp wanted, final cudaDeviceProp device)
    {
        int score = 0;
        score += meets(wanted.totalGlobalMem, device.totalGlobalMem);
        score += meets(wanted.sharedMemPerBlock, device.sharedMemPerBlock);
        score += meets(wanted.regsPerBlock, device.regsPerBlock);
        score += meets(wanted.warpSize, device.warpSize);
        score += meets(wanted.maxThreadsPerBlock, device.maxThreadsPerBlock);
        score += meets(wanted.totalConstMem, device.totalConstMem);
        score += meets(wanted.multiProcessorCount, device.multiProcessorCount);
        score += meets(wanted.maxThreadsPerMultiProcessor, device.maxThreadsPerMultiProcessor);
        score += meets(wanted.l2CacheSize, device.l2CacheSize);
        return score;
    }

    private static int meets(final long wanted, final long actual)
    {
        return wanted > 0 && actual >= wanted ? 1 : 0;
    }
}
