package io.gpurelay.it.programs;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaDeviceP2PAttr;
import jcuda.runtime.cudaDeviceProp;
import jcuda.runtime.cudaPointerAttributes;
import static io.gpurelay.it.programs.FnLines.caseLine;

/**
 * The runtime's device selection through JCuda: {@code cudaSetValidDevices} (its errors, the device a thread that has
 * not chosen one then uses, the reset), {@code cudaChooseDevice} (the best match of a device's own properties and of
 * an old compute capability) and {@code cudaInitDevice} (its errors, device flags applied, the current device left
 * alone). Each call prints {@code FN <function>/<case> status=<status> <what it gave>} for a comparison with JCuda's
 * own natives on a GPU; the results are checked ({@code CHECK} lines, {@code PASSED}). It works with one device or
 * more; with two or more the list's and the choice's devices differ from device 0.
 */
public final class DeviceSelectionProgram
{
    /** cudaDeviceScheduleBlockingSync. */
    private static final int SCHEDULE_BLOCKING_SYNC = 4;
    /** cudaInitDeviceFlagsAreValid. */
    private static final int FLAGS_ARE_VALID = 1;
    private static final Checks CHECKS = new Checks();

    private DeviceSelectionProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        JCuda.setExceptionsEnabled(false);
        final int[] count = new int[1];
        caseLine("cudaGetDeviceCount", "", JCuda.cudaGetDeviceCount(count), count[0]);
        final int n = count[0];
        final int last = n - 1;

        caseLine("cudaSetValidDevices", "too many", JCuda.cudaSetValidDevices(new int[n + 1], n + 1));
        caseLine("cudaSetValidDevices", "no such device", JCuda.cudaSetValidDevices(new int[]{ n }, 1));
        caseLine("cudaSetValidDevices", "last", JCuda.cudaSetValidDevices(new int[]{ last }, 1));
        final int[] implicit = inNewThread(() ->
        {
            final int[] before = new int[1];
            JCuda.cudaGetDevice(before);
            final Pointer memory = new Pointer();
            final int allocated = JCuda.cudaMalloc(memory, 256);
            final cudaPointerAttributes attributes = new cudaPointerAttributes();
            JCuda.cudaPointerGetAttributes(attributes, memory);
            final int[] after = new int[1];
            JCuda.cudaGetDevice(after);
            JCuda.cudaFree(memory);
            return new int[]{ allocated, attributes.device, after[0] };
        });
        caseLine("cudaMalloc", "in a thread after the list", implicit[0], implicit[1], implicit[2]);
        CHECKS.equal("a thread without a device allocates on the list's first", last, implicit[1]);
        CHECKS.equal("and that device is its current one", last, implicit[2]);
        caseLine("cudaSetValidDevices", "reset", JCuda.cudaSetValidDevices(new int[0], 0));
        final int[] reset = inNewThread(() ->
        {
            final Pointer memory = new Pointer();
            final int allocated = JCuda.cudaMalloc(memory, 256);
            final int[] after = new int[1];
            JCuda.cudaGetDevice(after);
            JCuda.cudaFree(memory);
            return new int[]{ allocated, after[0] };
        });
        caseLine("cudaMalloc", "in a thread after the reset", reset[0], reset[1]);
        CHECKS.equal("after the reset a thread uses device 0", 0, reset[1]);

        final cudaDeviceProp own = new cudaDeviceProp();
        caseLine("cudaGetDeviceProperties", "last", JCuda.cudaGetDeviceProperties(own, last), own.major, own.minor);
        final int[] chosen = { -1 };
        caseLine("cudaChooseDevice", "its own properties", JCuda.cudaChooseDevice(chosen, own), chosen[0]);
        CHECKS.check("a device is chosen for its own properties", chosen[0] >= 0 && chosen[0] < n,
            "" + chosen[0]);
        final cudaDeviceProp old = new cudaDeviceProp();
        old.major = 1;
        old.minor = 0;
        chosen[0] = -1;
        caseLine("cudaChooseDevice", "compute capability 1.0", JCuda.cudaChooseDevice(chosen, old), chosen[0]);
        CHECKS.check("a device is chosen for an old compute capability", chosen[0] >= 0 && chosen[0] < n,
            "" + chosen[0]);
        if (n > 1)
        {
            caseLine("cudaSetValidDevices", "last first", JCuda.cudaSetValidDevices(new int[]{ last, 0 }, 2));
            chosen[0] = -1;
            caseLine("cudaChooseDevice", "among the list", JCuda.cudaChooseDevice(chosen, own), chosen[0]);
            CHECKS.equal("the list's first of the equal devices is chosen", last, chosen[0]);
            caseLine("cudaSetValidDevices", "reset again", JCuda.cudaSetValidDevices(new int[0], 0));
        }

        caseLine("cudaInitDevice", "no such device", JCuda.cudaInitDevice(n, 0, 0));
        caseLine("cudaInitDevice", "bad flags", JCuda.cudaInitDevice(0, 0, 2));
        final int[] device = new int[1];
        caseLine("cudaSetDevice", "0", JCuda.cudaSetDevice(0));
        caseLine("cudaInitDevice", "last with flags", JCuda.cudaInitDevice(last, SCHEDULE_BLOCKING_SYNC,
            FLAGS_ARE_VALID));
        caseLine("cudaGetDevice", "after cudaInitDevice", JCuda.cudaGetDevice(device), device[0]);
        CHECKS.equal("cudaInitDevice leaves the current device", 0, device[0]);
        caseLine("cudaSetDevice", "last", JCuda.cudaSetDevice(last));
        final int[] flags = new int[1];
        caseLine("cudaGetDeviceFlags", "last", JCuda.cudaGetDeviceFlags(flags), flags[0] & SCHEDULE_BLOCKING_SYNC);
        CHECKS.check("cudaInitDevice applied the device flags", (flags[0] & SCHEDULE_BLOCKING_SYNC) != 0,
            "" + flags[0]);
        caseLine("cudaInitDevice", "without flags", JCuda.cudaInitDevice(0, 0, 0));
        if (n >= 2)
        {
            // Two devices, no peer access between them: the P2P attributes say so as cudaDeviceCanAccessPeer does.
            final int[] value = { -1 };
            caseLine("cudaDeviceCanAccessPeer", "0 to 1", JCuda.cudaDeviceCanAccessPeer(value, 0, 1), value[0]);
            value[0] = -1;
            caseLine("cudaDeviceGetP2PAttribute", "access supported 0 to 1",
                JCuda.cudaDeviceGetP2PAttribute(value, cudaDeviceP2PAttr.cudaDevP2PAttrAccessSupported, 0, 1),
                value[0]);
            value[0] = -1;
            caseLine("cudaDeviceGetP2PAttribute", "native atomics 1 to 0",
                JCuda.cudaDeviceGetP2PAttribute(value, cudaDeviceP2PAttr.cudaDevP2PAttrNativeAtomicSupported, 1, 0),
                value[0]);
        }
        System.out.println("DONE");
        CHECKS.finish();
    }

    private interface ThreadBody
    {
        int[] run();
    }

    private static int[] inNewThread(final ThreadBody body) throws InterruptedException
    {
        final int[][] result = { { -1 } };
        final Thread thread = new Thread(() -> result[0] = body.run());
        thread.start();
        thread.join(60_000);
        return result[0];
    }

}
