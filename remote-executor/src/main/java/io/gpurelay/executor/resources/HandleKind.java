package io.gpurelay.executor.resources;

/**
 * What a client-visible handle names. The kind's tag sits in a handle's top byte, so handles of two kinds never look
 * alike and a stale handle still says what it was.
 */
public enum HandleKind
{
    CONTEXT(1, "context"),
    MODULE(2, "module"),
    FUNCTION(3, "function"),
    STREAM(4, "stream"),
    EVENT(5, "event"),
    BLAS_HANDLE(6, "cublasHandle_t"),
    CURAND_GENERATOR(7, "cuRAND generator"),
    NVRTC_PROGRAM(8, "NVRTC program"),
    CUFFT_PLAN(9, "cuFFT plan"),
    PTX_COMPILER(10, "nvPTXCompiler handle"),

    // Stream-ordered allocation and memory pools.
    MEMORY_POOL(18, "memory pool"),

    // CUDA graphs (GraphDispatcher).
    GRAPH(11, "CUgraph"),
    GRAPH_NODE(12, "CUgraphNode"),
    GRAPH_EXEC(13, "CUgraphExec"),

    // Pitched memory, arrays and 2D/3D copies.
    ARRAY(14, "CUDA array"),
    MIPMAPPED_ARRAY(15, "CUDA mipmapped array"),

    // Virtual memory management (VirtualMemory).
    PHYSICAL_ALLOCATION(23, "CUmemGenericAllocationHandle"),

    // Texture and surface references (TextureReferences).
    TEXREF(19, "texture reference"),
    SURFREF(20, "surface reference"),

    // Library objects of the function table's rows (ObjectKind), one kind each.
    CUSOLVER_DN(24, "cusolverDnHandle_t"),
    CUSOLVER_DN_PARAMS(25, "cusolverDnParams_t");

    private static final int TAG_SHIFT = 56;

    /**
     * @return the kind of the handles of a table row's library objects.
     */
    public static HandleKind of(final io.gpurelay.protocol.table.ObjectKind kind)
    {
        return switch (kind)
        {
            case CUSOLVER_DN -> CUSOLVER_DN;
            case CUSOLVER_DN_PARAMS -> CUSOLVER_DN_PARAMS;
        };
    }

    private static final HandleKind[] BY_TAG = new HandleKind[maxTag() + 1];

    static
    {
        for (final HandleKind kind : values())
        {
            BY_TAG[kind.tag] = kind;
        }
    }

    private final int tag;
    private final String description;

    HandleKind(final int tag, final String description)
    {
        this.tag = tag;
        this.description = description;
    }

    private static int maxTag()
    {
        int max = 0;
        for (final HandleKind kind : values())
        {
            max = Math.max(max, kind.tag);
        }
        return max;
    }

    /**
     * @param body the handle's lower 56 bits: which session, and which object of it.
     */
    long handle(final long body)
    {
        return (long)tag << TAG_SHIFT | body;
    }

    /**
     * @return the kind a handle's tag names, or null for a value that is no handle of ours.
     */
    public static HandleKind of(final long handle)
    {
        final long tag = handle >>> TAG_SHIFT;
        return tag < BY_TAG.length ? BY_TAG[(int)tag] : null;
    }

    public String toString()
    {
        return description;
    }
}
