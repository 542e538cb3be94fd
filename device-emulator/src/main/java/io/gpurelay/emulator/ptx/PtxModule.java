package io.gpurelay.emulator.ptx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.gpurelay.emulator.memory.DeviceMemory;

/**
 * A loaded PTX module: its kernels and module variables, parsed and decoded once, ready to be instantiated in a
 * context's device memory as many times as needed. Parsing checks every instruction, so a module that parses runs
 * without meeting anything unsupported.
 */
public final class PtxModule
{
    private static final int ELF_MAGIC = 0x464C_457F;
    private static final int FATBIN_MAGIC = 0xBA55_ED50;
    private static final int FATBIN_WRAPPER_MAGIC = 0x4662_43B1;

    private final List<PtxKernel> kernels;
    private final Map<String, PtxKernel> kernelsByName = new HashMap<>();
    private final List<ModuleVariable> variables;
    private final Map<String, Integer> variableIndices;
    private final Map<String, List<PtxParser.Relocation>> relocations;
    private final int functionCount;
    private final Set<String> textureReferences;
    private final Set<String> surfaceReferences;

    private PtxModule(final List<PtxKernel> kernels, final List<ModuleVariable> variables,
        final Map<String, Integer> variableIndices, final Map<String, List<PtxParser.Relocation>> relocations,
        final int functionCount, final Set<String> textureReferences, final Set<String> surfaceReferences)
    {
        this.textureReferences = Set.copyOf(textureReferences);
        this.surfaceReferences = Set.copyOf(surfaceReferences);
        this.kernels = List.copyOf(kernels);
        for (final PtxKernel kernel : kernels)
        {
            kernelsByName.put(kernel.name(), kernel);
        }
        this.variables = List.copyOf(variables);
        this.variableIndices = variableIndices;
        this.relocations = relocations;
        this.functionCount = functionCount;
    }

    /**
     * Parse and decode a PTX module as nvcc emits it ({@code nvcc -ptx}).
     *
     * @throws PtxException on a syntax error or anything the interpreter does not support, naming the line.
     */
    public static PtxModule parse(final String ptxSource)
    {
        final PtxParser.ParsedModule parsed = PtxParser.parse(ptxSource);

        final Map<String, Integer> variableIndices = new LinkedHashMap<>();
        for (final ModuleVariable variable : parsed.variables())
        {
            if (variableIndices.putIfAbsent(variable.name(), variableIndices.size()) != null)
            {
                throw new PtxException("module variable '" + variable.name() + "' is declared twice", 0);
            }
        }
        for (final List<PtxParser.Relocation> list : parsed.relocations().values())
        {
            for (final PtxParser.Relocation relocation : list)
            {
                if (!variableIndices.containsKey(relocation.target()))
                {
                    throw new PtxException("initializer refers to '" + relocation.target() +
                        "', which is not a module variable", relocation.line());
                }
            }
        }

        final Map<String, FunctionCode> functions = new LinkedHashMap<>();
        for (final ParsedFunction function : parsed.functions())
        {
            functions.put(function.name, new FunctionCode(function, functions.size()));
        }
        final InstructionDecoder.ModuleSymbols symbols =
            new InstructionDecoder.ModuleSymbols(functions, variableIndices, parsed.sharedVariables());
        final List<PtxKernel> kernels = new ArrayList<>();
        for (final FunctionCode function : functions.values())
        {
            if (function.parsed.defined)
            {
                InstructionDecoder.decode(function, symbols);
            }
            else if (function.entry)
            {
                throw new PtxException("kernel '" + function.name + "' has no body", function.parsed.line);
            }
        }
        for (final FunctionCode function : functions.values())
        {
            if (function.entry)
            {
                kernels.add(new PtxKernel(function));
            }
        }
        return new PtxModule(kernels, parsed.variables(), variableIndices, parsed.relocations(), functions.size(),
            parsed.textureReferences(), parsed.surfaceReferences());
    }

    /**
     * @return whether the module declares a texture reference of this name ({@code .global .texref name;}).
     */
    public boolean declaresTextureReference(final String name)
    {
        return textureReferences.contains(name);
    }

    /**
     * @return whether the module declares a surface reference of this name ({@code .global .surfref name;}).
     */
    public boolean declaresSurfaceReference(final String name)
    {
        return surfaceReferences.contains(name);
    }

    /**
     * Whether an image handed to {@code cuModuleLoadData} is a compiled binary (an ELF cubin or a fatbinary) rather
     * than PTX text. The emulator runs PTX only, so the driver refuses those with CUDA_ERROR_INVALID_IMAGE.
     */
    public static boolean looksLikeBinaryImage(final byte[] image)
    {
        if (image == null || image.length < 4)
        {
            return false;
        }
        final int magic = (image[0] & 0xFF) | (image[1] & 0xFF) << 8 | (image[2] & 0xFF) << 16 |
            (image[3] & 0xFF) << 24;
        return magic == ELF_MAGIC || magic == FATBIN_MAGIC || magic == FATBIN_WRAPPER_MAGIC;
    }

    public List<PtxKernel> kernels()
    {
        return kernels;
    }

    /**
     * @return the kernel with this name, or {@code null} if the module has none.
     */
    public PtxKernel kernel(final String name)
    {
        return kernelsByName.get(name);
    }

    public List<ModuleVariable> variables()
    {
        return variables;
    }

    /**
     * Allocate and initialize the module's variables in a context's device memory. Constants are ordinary device
     * memory here, so {@code cuModuleGetGlobal} can return a pointer the host copies to. The instance gets a printf
     * buffer and a device heap of its own, released with it.
     *
     * @throws io.gpurelay.emulator.memory.DeviceMemoryException if device memory runs out; nothing stays allocated.
     */
    public ModuleInstance instantiate(final DeviceMemory memory, final Object owner)
    {
        return new ModuleInstance(this, memory, owner, null, KernelStop.NEVER);
    }

    /**
     * Like {@link #instantiate(DeviceMemory, Object)}, for a context whose modules share one printf buffer and one
     * device heap: what kernels print goes to {@code systemCalls}' buffer, for the context to drain.
     */
    public ModuleInstance instantiate(final DeviceMemory memory, final Object owner,
        final DeviceSystemCalls systemCalls)
    {
        return new ModuleInstance(this, memory, owner, systemCalls, KernelStop.NEVER);
    }

    /**
     * Like {@link #instantiate(DeviceMemory, Object)}, with the kernels' launches bounded by {@code kernelStop}.
     */
    public ModuleInstance instantiate(final DeviceMemory memory, final Object owner, final KernelStop kernelStop)
    {
        return new ModuleInstance(this, memory, owner, null, kernelStop);
    }

    /**
     * Like {@link #instantiate(DeviceMemory, Object, DeviceSystemCalls)}, with the kernels' launches bounded by
     * {@code kernelStop}.
     */
    public ModuleInstance instantiate(final DeviceMemory memory, final Object owner,
        final DeviceSystemCalls systemCalls, final KernelStop kernelStop)
    {
        return new ModuleInstance(this, memory, owner, systemCalls, kernelStop);
    }

    int variableIndex(final String name)
    {
        final Integer index = variableIndices.get(name);
        return index == null ? -1 : index;
    }

    List<PtxParser.Relocation> relocations(final String variableName)
    {
        return relocations.getOrDefault(variableName, List.of());
    }

    int functionCount()
    {
        return functionCount;
    }
}
