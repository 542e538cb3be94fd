package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.jcuda.JCudaPointers;
import jcuda.driver.CUaccessPolicyWindow;
import jcuda.driver.CUdeviceptr;

/**
 * An access policy window as the executor answers it, for a stream's attribute and a kernel node's alike: the base
 * address, the bytes, the hit ratio's float bits, the hit and the miss property, in that order.
 */
final class AccessPolicyWindows
{
    private AccessPolicyWindows()
    {
    }

    /**
     * @param values the executor's five values, from index 0
     */
    static CUaccessPolicyWindow of(final long[] values)
    {
        final CUaccessPolicyWindow window = new CUaccessPolicyWindow();
        final CUdeviceptr base = new CUdeviceptr();
        JCudaPointers.setAddress(base, values[0]);
        window.base_ptr = base;
        window.num_bytes = values[1];
        window.hitRatio = Float.intBitsToFloat((int)values[2]);
        window.hitProp = (int)values[3];
        window.missProp = (int)values[4];
        return window;
    }
}
