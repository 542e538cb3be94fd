package io.gpurelay.emulator.ptx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.emulator.memory.DeviceMemoryException;

/**
 * A module loaded into one context: its variables allocated in that context's device memory, and its kernels ready
 * to launch against that memory. Kernels may only touch allocations of the same owner.
 * <p>
 * Launches may come from several threads at once. The caller must not free memory a running launch uses.
 */
public final class ModuleInstance
{
    private static final AtomicLong GRID_IDS = new AtomicLong();

    private final PtxModule module;
    private final DeviceMemory memory;
    private final Object owner;
    private final long[] variableAddresses;
    private final DeviceSystemCalls systemCalls;
    /** The instance made its system call state itself, so it releases it. */
    private final boolean ownsSystemCalls;
    private final ConcurrentHashMap<String, LinkedKernel> linkedKernels = new ConcurrentHashMap<>();
    private final AtomicLong executedInstructions = new AtomicLong();
    private final KernelStop kernelStop;
    private volatile boolean released;

    ModuleInstance(final PtxModule module, final DeviceMemory memory, final Object owner,
        final DeviceSystemCalls systemCalls, final KernelStop kernelStop)
    {
        this.module = module;
        this.kernelStop = kernelStop;
        this.memory = memory;
        this.owner = owner;
        this.ownsSystemCalls = systemCalls == null;
        this.systemCalls = systemCalls == null ? new DeviceSystemCalls(memory, owner) : systemCalls;
        final List<ModuleVariable> variables = module.variables();
        this.variableAddresses = new long[variables.size()];
        int allocated = 0;
        try
        {
            for (; allocated < variables.size(); allocated++)
            {
                variableAddresses[allocated] =
                    memory.allocate(variables.get(allocated).size(), owner).deviceAddress();
            }
            for (int i = 0; i < variables.size(); i++)
            {
                final ModuleVariable variable = variables.get(i);
                final byte[] bytes = variable.initialBytes();
                final ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
                for (final PtxParser.Relocation relocation : module.relocations(variable.name()))
                {
                    buffer.putLong(relocation.offset(),
                        variableAddresses[module.variableIndex(relocation.target())] + relocation.addend());
                }
                memory.write(variableAddresses[i], bytes, 0, bytes.length, owner);
            }
        }
        catch (final DeviceMemoryException ex)
        {
            for (int i = 0; i < allocated; i++)
            {
                memory.free(variableAddresses[i], owner);
            }
            throw ex;
        }
    }

    public PtxModule module()
    {
        return module;
    }

    /**
     * @return the device address of a module variable ({@code .global} or {@code .const}).
     * @throws IllegalArgumentException if the module has no variable of that name.
     */
    public long variableAddress(final String name)
    {
        return variableAddresses[requireVariable(name)];
    }

    /**
     * @throws IllegalArgumentException if the module has no variable of that name.
     */
    public long variableSize(final String name)
    {
        return module.variables().get(requireVariable(name)).size();
    }

    private int requireVariable(final String name)
    {
        final int index = module.variableIndex(name);
        if (index < 0)
        {
            throw new IllegalArgumentException("module has no variable '" + name + "'");
        }
        return index;
    }

    /**
     * The printf buffer and device heap the instance's kernels use.
     */
    public DeviceSystemCalls systemCalls()
    {
        return systemCalls;
    }

    /**
     * @return thread instructions executed by all launches of this instance so far.
     */
    public long executedInstructions()
    {
        return executedInstructions.get();
    }

    /**
     * Free the module's variables. Launching afterwards is refused.
     */
    public synchronized void release()
    {
        if (released)
        {
            return;
        }
        released = true;
        for (final long address : variableAddresses)
        {
            memory.free(address, owner);
        }
        if (ownsSystemCalls)
        {
            systemCalls.release();
        }
    }

    /**
     * Run a kernel to completion on the calling thread (blocks may also run on helper threads meanwhile).
     *
     * @param parameterBuffer the parameters, each at its {@link PtxKernel#parameterOffset(int)}, little endian; at
     *                        least {@link PtxKernel#parameterBufferSize()} bytes.
     * @throws InvalidLaunchException  for an unknown kernel, zero or too large dimensions, or a short parameter buffer.
     * @throws KernelFaultException    when the kernel faults or the launch needs more resources than a block has.
     */
    public void launch(final String kernelName, final int gridX, final int gridY, final int gridZ, final int blockX,
        final int blockY, final int blockZ, final int dynamicSharedBytes, final byte[] parameterBuffer)
    {
        if (released)
        {
            throw new IllegalStateException("module instance has been released");
        }
        final PtxKernel kernel = module.kernel(kernelName);
        if (kernel == null)
        {
            throw new InvalidLaunchException("no kernel '" + kernelName + "' in the module");
        }
        checkDimension("grid x", gridX, Integer.MAX_VALUE, kernelName);
        checkDimension("grid y", gridY, 65535, kernelName);
        checkDimension("grid z", gridZ, 65535, kernelName);
        checkDimension("block x", blockX, LaunchContext.MAX_THREADS_PER_BLOCK, kernelName);
        checkDimension("block y", blockY, LaunchContext.MAX_THREADS_PER_BLOCK, kernelName);
        checkDimension("block z", blockZ, 64, kernelName);
        if (dynamicSharedBytes < 0)
        {
            throw new InvalidLaunchException("negative dynamic shared memory " + dynamicSharedBytes +
                " for kernel '" + kernelName + "'");
        }
        final byte[] parameters = parameterBuffer == null ? new byte[0] : parameterBuffer;
        if (parameters.length < kernel.parameterBufferSize())
        {
            throw new InvalidLaunchException("kernel '" + kernelName + "' takes " + kernel.parameterBufferSize() +
                " bytes of parameters, got " + parameters.length);
        }
        final long threads = (long)blockX * blockY * blockZ;
        if (threads > kernel.maxThreadsPerBlock())
        {
            throw new KernelFaultException(KernelFaultException.Kind.LAUNCH_OUT_OF_RESOURCES, kernelName,
                "block of " + threads + " threads exceeds the " + kernel.maxThreadsPerBlock() +
                " threads kernel '" + kernelName + "' allows");
        }
        if (kernel.blockStateBytes(threads) > LaunchContext.MAX_BLOCK_STATE_BYTES)
        {
            throw new KernelFaultException(KernelFaultException.Kind.LAUNCH_OUT_OF_RESOURCES, kernelName,
                "a block of " + threads + " threads of kernel '" + kernelName + "' needs " +
                kernel.blockStateBytes(threads) + " bytes of registers and local memory, more than the " +
                LaunchContext.MAX_BLOCK_STATE_BYTES + " the emulator gives a block");
        }
        final long shared = (long)LaunchContext.sharedBytes(kernel, dynamicSharedBytes);
        if (shared > LaunchContext.MAX_SHARED_BYTES_PER_BLOCK)
        {
            throw new KernelFaultException(KernelFaultException.Kind.LAUNCH_OUT_OF_RESOURCES, kernelName,
                "kernel '" + kernelName + "' needs " + shared + " bytes of shared memory per block (" +
                kernel.staticSharedBytes() + " static, " + dynamicSharedBytes + " dynamic), more than the " +
                LaunchContext.MAX_SHARED_BYTES_PER_BLOCK + " a block can have");
        }
        final LinkedKernel linked = linkedKernels.computeIfAbsent(kernelName,
            name -> new LinkedKernel(kernel, module.functionCount(), variableAddresses));
        final long blocks = (long)gridX * gridY * gridZ;
        final LaunchContext context = new LaunchContext(linked, memory, owner, systemCalls, parameters,
            new int[]{gridX, gridY, gridZ}, new int[]{blockX, blockY, blockZ}, dynamicSharedBytes,
            KernelLauncher.workersFor(blocks), GRID_IDS.incrementAndGet(), kernelStop);
        executedInstructions.addAndGet(KernelLauncher.launch(context));
    }

    private static void checkDimension(final String what, final int value, final int maximum, final String kernel)
    {
        if (value < 1 || value > maximum)
        {
            throw new InvalidLaunchException(what + " dimension " + value + " of kernel '" + kernel +
                "' is outside 1.." + maximum);
        }
    }
}
