package io.gpurelay.agent.jcuda.driver;

import java.lang.reflect.Constructor;

import jcuda.NativePointerObject;

/**
 * JCudaDriver's CU_LAUNCH_PARAM constants, made as JCudaDriver makes them: reading them from JCudaDriver itself would
 * run its static initialiser, which loads JCuda's native library.
 */
final class LaunchParameterKeys
{
    private LaunchParameterKeys()
    {
    }

    /**
     * @param key 0 for CU_LAUNCH_PARAM_END, 1 for CU_LAUNCH_PARAM_BUFFER_POINTER, 2 for CU_LAUNCH_PARAM_BUFFER_SIZE.
     */
    static NativePointerObject key(final long key) throws ReflectiveOperationException
    {
        final Constructor<?> constructor = Class.forName("jcuda.driver.JCudaDriver$ConstantPointer")
            .getDeclaredConstructor(long.class);
        constructor.setAccessible(true);
        return (NativePointerObject)constructor.newInstance(key);
    }
}
