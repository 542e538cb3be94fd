package io.gpurelay.emulator.ptx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An {@code .entry} of a module: its parameters as the launch's parameter buffer lays them out, and the resources a
 * block of it needs, which is what {@code cuFuncGetAttribute} reports.
 */
public final class PtxKernel
{
    /** Stack a thread gets when the kernel's call graph is recursive and its depth cannot be known. */
    private static final int RECURSIVE_STACK_BYTES = 16 * 1024;
    private static final int DYNAMIC_SHARED_ALIGNMENT = 16;
    /** Shared memory the hardware reserves per block (sm_80 and later), given to kernels that ask for it. */
    static final int RESERVED_SHARED_BYTES = 1024;
    private static final int MAX_REGISTERS_PER_THREAD = 255;

    final FunctionCode entry;
    private final List<KernelParameter> parameters;
    private final int[] parameterOffsets;
    private final int parameterBufferSize;
    private final List<FunctionCode> reachable;
    private final Map<SharedVariable, Long> sharedOffsets = new IdentityHashMap<>();
    private final int staticSharedBytes;
    private final long dynamicSharedOffset;
    private final int localBytesPerThread;
    private final boolean usesReservedShared;

    PtxKernel(final FunctionCode entry)
    {
        this.entry = entry;
        final ParsedFunction parsed = entry.parsed;
        this.parameters = List.copyOf(parsed.entryParameters);
        this.parameterOffsets = parsed.entryParameterOffsets.stream().mapToInt(Integer::intValue).toArray();
        this.parameterBufferSize = parsed.parameterBufferSize();
        this.reachable = reachableFrom(entry);

        long offset = 0;
        int dynamicAlignment = DYNAMIC_SHARED_ALIGNMENT;
        final Set<SharedVariable> dynamic = Collections.newSetFromMap(new IdentityHashMap<>());
        final Set<SharedVariable> used = Collections.newSetFromMap(new IdentityHashMap<>());
        final List<SharedVariable> ordered = new ArrayList<>(parsed.sharedVariables);
        for (final FunctionCode function : reachable)
        {
            ordered.addAll(function.sharedReferences);
        }
        for (final SharedVariable variable : ordered)
        {
            if (!used.add(variable))
            {
                continue;
            }
            if (variable.dynamic)
            {
                dynamic.add(variable);
                dynamicAlignment = Math.max(dynamicAlignment, variable.alignment);
                continue;
            }
            offset = align(offset, variable.alignment);
            sharedOffsets.put(variable, offset);
            offset += variable.size;
        }
        this.staticSharedBytes = (int)Math.min(Integer.MAX_VALUE, offset);
        this.dynamicSharedOffset = align(offset, dynamicAlignment);
        for (final SharedVariable variable : dynamic)
        {
            sharedOffsets.put(variable, dynamicSharedOffset);
        }

        this.usesReservedShared = reachable.stream().flatMap(function -> function.specials.stream())
            .anyMatch(special -> special.register().isReservedShared());

        final boolean[] recursive = new boolean[1];
        final int stack = stackBytes(entry, new HashSet<>(), recursive);
        this.localBytesPerThread = recursive[0] ? stack + RECURSIVE_STACK_BYTES : stack;
    }

    private static List<FunctionCode> reachableFrom(final FunctionCode entry)
    {
        final Set<FunctionCode> seen = new LinkedHashSet<>();
        final List<FunctionCode> pending = new ArrayList<>();
        pending.add(entry);
        while (!pending.isEmpty())
        {
            final FunctionCode function = pending.remove(pending.size() - 1);
            if (seen.add(function))
            {
                pending.addAll(function.callees);
            }
        }
        return List.copyOf(seen);
    }

    private static int stackBytes(final FunctionCode function, final Set<FunctionCode> active,
        final boolean[] recursive)
    {
        if (!active.add(function))
        {
            recursive[0] = true;
            return 0;
        }
        int deepest = 0;
        for (final FunctionCode callee : function.callees)
        {
            deepest = Math.max(deepest, stackBytes(callee, active, recursive));
        }
        active.remove(function);
        return function.frameSize() + deepest;
    }

    private static long align(final long value, final int alignment)
    {
        final int align = Math.max(alignment, 1);
        return (value + align - 1) / align * align;
    }

    public String name()
    {
        return entry.name;
    }

    public List<KernelParameter> parameters()
    {
        return parameters;
    }

    /**
     * @return the byte offset of a parameter in the parameter buffer.
     */
    public int parameterOffset(final int index)
    {
        return parameterOffsets[index];
    }

    /**
     * @return bytes of the parameter buffer: each parameter at its aligned offset, up to the end of the last one.
     */
    public int parameterBufferSize()
    {
        return parameterBufferSize;
    }

    public int staticSharedBytes()
    {
        return staticSharedBytes;
    }

    /**
     * @return bytes of local memory (stack) each thread gets: the frames of the deepest chain of calls.
     */
    public int localBytesPerThread()
    {
        return localBytesPerThread;
    }

    /**
     * @return an estimate of the registers per thread: the 32-bit words of the registers the PTX declares, which is
     *         what ptxas starts from before it allocates physical registers.
     */
    public int registerCount()
    {
        return Math.max(1, Math.min(MAX_REGISTERS_PER_THREAD, entry.parsed.registerWords));
    }

    /**
     * @return bytes of interpreter state a block of {@code threads} threads needs: their registers and local memory.
     */
    long blockStateBytes(final long threads)
    {
        return ((long)entry.slotCount * Long.BYTES + localBytesPerThread) * threads;
    }

    /**
     * @return the most threads a block may have: from {@code .maxntid} or {@code .reqntid}, else the device limit.
     */
    public int maxThreadsPerBlock()
    {
        final int declared = entry.parsed.maxThreadsPerBlock;
        return declared > 0 ? Math.min(declared, LaunchContext.MAX_THREADS_PER_BLOCK) :
            LaunchContext.MAX_THREADS_PER_BLOCK;
    }

    long dynamicSharedOffset()
    {
        return dynamicSharedOffset;
    }

    /**
     * @return whether the kernel reads {@code %reserved_smem_offset_*}, so that each block needs a reserved region of
     *         {@link #RESERVED_SHARED_BYTES} after its dynamic shared memory.
     */
    boolean usesReservedShared()
    {
        return usesReservedShared;
    }

    long sharedOffset(final SharedVariable variable)
    {
        return sharedOffsets.get(variable);
    }

    List<FunctionCode> reachableFunctions()
    {
        return reachable;
    }

    public String toString()
    {
        return "PtxKernel{" + entry.name + ", " + parameters.size() + " parameters}";
    }
}
