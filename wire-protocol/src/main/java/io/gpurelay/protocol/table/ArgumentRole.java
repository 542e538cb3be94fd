package io.gpurelay.protocol.table;

/**
 * What one argument of a table function is, and so how it travels. Inputs travel in the call's {@code args}, in the
 * order the row lists them; outputs come back in the reply's {@code values}, in the order the row lists them. A
 * handle is the executor's handle of an object of its kind, checked against the session's tables; a device is the
 * device's ordinal as the client numbers them.
 */
public enum ArgumentRole implements TableToken
{
    /** A 32-bit signed integer or enum, passed by value. */
    IN_INT("in:int", Kind.SCALAR_IN),
    /** A 32-bit unsigned integer or flag set, passed by value. */
    IN_UINT("in:uint", Kind.SCALAR_IN),
    /** A {@code size_t}, passed by value. */
    IN_SIZE("in:size", Kind.SCALAR_IN),
    /** A 64-bit integer, passed by value. */
    IN_INT64("in:int64", Kind.SCALAR_IN),
    /** An {@code unsigned char}, passed by value ({@code byte} in Java). */
    IN_UCHAR("in:uchar", Kind.SCALAR_IN),
    /** An {@code unsigned short}, passed by value ({@code short} in Java). */
    IN_USHORT("in:ushort", Kind.SCALAR_IN),
    /**
     * A device address ({@code CUdeviceptr}, the runtime's device {@code void*}), written {@code devptr(extent)}:
     * the bytes from it that the function touches, an expression of the row's scalar inputs (see
     * {@link SizeExpression}). The backend checks them against the session's allocations before the device sees
     * the address.
     */
    DEVPTR("devptr", Kind.DEVICE_POINTER),
    /** An {@code int*} the function writes one value to ({@code int[]} in Java). */
    OUT_INT("out:int", Kind.SCALAR_OUT),
    /** An {@code unsigned int*} the function writes one value to ({@code int[]} in Java). */
    OUT_UINT("out:uint", Kind.SCALAR_OUT),
    /** A {@code size_t*} the function writes one value to ({@code long[]} in Java). */
    OUT_SIZE("out:size", Kind.SCALAR_OUT),
    /** An {@code unsigned long long*} the function writes one value to ({@code long[]} in Java). */
    OUT_INT64("out:int64", Kind.SCALAR_OUT),
    /**
     * A {@code CUdeviceptr*} the function writes: a device address ({@code CUdeviceptr} in JCuda, whose native
     * pointer it becomes).
     */
    OUT_DEVPTR("out:devptr", Kind.SCALAR_OUT),
    /**
     * A {@code char*} of {@code length} bytes the function writes a NUL-terminated string into, written
     * {@code out:string(length)}, the length an expression of the row's scalar inputs ({@code String[]} in JCuda,
     * element 0 written). It comes back as the reply's payload, without the NUL; a row has at most one.
     */
    OUT_STRING("out:string", Kind.PAYLOAD_OUT),
    /** A device ordinal ({@code CUdevice} or the runtime's {@code int device}). */
    DEVICE("device", Kind.DEVICE),
    /** A context handle ({@code CUcontext}). */
    CONTEXT("context", Kind.HANDLE),
    /** A module handle ({@code CUmodule}). */
    MODULE("module", Kind.HANDLE),
    /** A kernel handle ({@code CUfunction}). */
    FUNCTION("function", Kind.HANDLE),
    /** A stream handle ({@code CUstream}, {@code cudaStream_t}); 0 is the context's default stream. */
    STREAM("stream", Kind.HANDLE),
    /** An event handle ({@code CUevent}, {@code cudaEvent_t}). */
    EVENT("event", Kind.HANDLE),
    /**
     * A {@code CUcontext*} the function writes: the context of the row's object, which the executor answers from its
     * tables (a row whose backend function is {@code executor}).
     */
    OUT_CONTEXT("out:context", Kind.HANDLE_OUT),
    /**
     * A {@code CUmodule*} the function writes: the module of the row's kernel, which the executor answers from its
     * tables (a row whose backend function is {@code executor}).
     */
    OUT_MODULE("out:module", Kind.HANDLE_OUT),

    // Texture and surface references (the legacy cuTexRef* and cuSurfRef* functions).
    /** A {@code float}, passed by value; it travels as its IEEE 754 bits. */
    IN_FLOAT("in:float", Kind.SCALAR_IN),
    /** A {@code float*} the function writes one value to ({@code float[]} in Java); it comes back as its bits. */
    OUT_FLOAT("out:float", Kind.SCALAR_OUT),
    /** A {@code float[4]} the function reads (a border colour): four values of the call, each a float's bits. */
    IN_FLOAT4("in:float4", Kind.SCALAR_IN, 4),
    /** A {@code float[4]} the function writes: four values of the reply, each a float's bits. */
    OUT_FLOAT4("out:float4", Kind.SCALAR_OUT, 4),
    /**
     * A {@code CUDA_ARRAY_DESCRIPTOR*} the function reads: four values of the call, its {@code Width},
     * {@code Height}, {@code Format} and {@code NumChannels}. An extent may read them as {@code name.Width},
     * {@code name.Height} and {@code name.ElementBytes} (the bytes of one element of the format and channels).
     */
    IN_ARRAY_DESCRIPTOR("in:arraydesc", Kind.SCALAR_IN, 4),
    /**
     * A NUL-terminated {@code const char*} ({@code String} in Java): the call's payload, without the NUL, 1 to
     * {@value #MAX_STRING_INPUT} bytes; a row has at most one.
     */
    IN_STRING("in:string", Kind.PAYLOAD_IN),
    /** A texture reference handle ({@code CUtexref}). */
    TEXREF("texref", Kind.HANDLE),
    /** A surface reference handle ({@code CUsurfref}). */
    SURFREF("surfref", Kind.HANDLE),
    /** A CUDA array handle ({@code CUarray}). */
    ARRAY("array", Kind.HANDLE),
    /** A mipmapped CUDA array handle ({@code CUmipmappedArray}). */
    MIPMAPPED_ARRAY("mipmappedarray", Kind.HANDLE),
    /**
     * A texture reference the function destroys ({@code CUtexref}): checked like {@link #TEXREF}; once the function
     * succeeded its handle is no longer live.
     */
    FREE_TEXREF("free:texref", Kind.HANDLE),
    /**
     * A {@code CUtexref*} the function writes: a texture reference the backend makes (or, with a module argument,
     * finds in the module), which the executor makes a handle of the session, in the row's context.
     */
    NEW_TEXREF("new:texref", Kind.HANDLE_NEW),
    /** A {@code CUsurfref*} the function writes, found in the row's module; see {@link #NEW_TEXREF}. */
    NEW_SURFREF("new:surfref", Kind.HANDLE_NEW),
    /**
     * A {@code CUarray*} the function writes: the array bound to the row's texture or surface reference, which the
     * executor answers from its tables (a row whose backend function is {@code executor}).
     */
    OUT_ARRAY("out:array", Kind.HANDLE_OUT),
    /** A {@code CUmipmappedArray*} the function writes: the mipmapped array bound to the row's texture reference. */
    OUT_MIPMAPPED_ARRAY("out:mipmappedarray", Kind.HANDLE_OUT),

    // Library objects (a cuSOLVER handle), of the kind the argument names: object(cusolverDn).
    /** A library object of the session, of the argument's {@link ObjectKind}: its handle. */
    OBJECT("object", Kind.HANDLE),
    /**
     * A library object the function makes ({@code cusolverDnHandle_t*}): the backend makes it, the executor makes it
     * a handle of the session in the row's context and replies it; the row's only output.
     */
    NEW_OBJECT("new:object", Kind.HANDLE_NEW),
    /** A library object the function destroys: checked like {@link #OBJECT}; once it succeeded the handle is gone. */
    FREE_OBJECT("free:object", Kind.HANDLE),
    /**
     * A {@code cudaStream_t*} the function writes: the stream last set on the row's library object by a row that
     * takes both, which the executor answers from its tables (a row whose backend function is {@code executor}).
     */
    OUT_STREAM("out:stream", Kind.HANDLE_OUT),
    /**
     * Host memory a library function works in ({@code bufferOnHost} of the 64-bit cuSOLVER API), written
     * {@code hostbuf(extent)}: nothing of the caller's travels; the executor gives the function a scratch buffer of
     * that many bytes (at most {@value #MAX_HOST_SCRATCH}), or null for none.
     */
    HOST_SCRATCH("hostbuf", Kind.SCRATCH),
    /**
     * A device array of 32-bit pivots a function reads to permute rows ({@code getrs}'s {@code devIpiv}), written
     * {@code pivots(count)}: {@code count} of them, each a row from 1 to {@code count}. The range is checked as a
     * device address's, and the values too before the function runs (the executor waits for the work queued before
     * it and reads them), since a row outside would reach past the matrix that was checked.
     */
    PIVOTS("pivots", Kind.DEVICE_POINTER),
    /** {@link #PIVOTS} of 64 bits ({@code cusolverDnXgetrs}'s {@code ipiv}), written {@code pivots64(count)}. */
    PIVOTS64("pivots64", Kind.DEVICE_POINTER),
    /** A {@code double}, passed by value (a library's eigenvalue bound); it travels as its IEEE 754 bits. */
    IN_DOUBLE("in:double", Kind.SCALAR_IN),
    /** A host {@code double*} the function writes one value to (a residual); it comes back as its bits. */
    OUT_DOUBLE("out:double", Kind.SCALAR_OUT);

    /**
     * @return the bytes of one pivot of a {@link #PIVOTS} or {@link #PIVOTS64} argument; 0 for any other role.
     */
    public int pivotBytes()
    {
        return this == PIVOTS ? Integer.BYTES : this == PIVOTS64 ? Long.BYTES : 0;
    }

    /**
     * @return whether the role names a library object, whose argument says its {@link ObjectKind}.
     */
    public boolean isObject()
    {
        return this == OBJECT || this == NEW_OBJECT || this == FREE_OBJECT;
    }

    /** The most bytes of host scratch memory ({@link #HOST_SCRATCH}) a call is given. */
    public static final long MAX_HOST_SCRATCH = 64L << 20;

    /** The most bytes an {@link #IN_STRING} carries (a name of a module's symbol). */
    public static final int MAX_STRING_INPUT = 1024;

    /**
     * How a role travels.
     */
    public enum Kind
    {
        SCALAR_IN,
        SCALAR_OUT,
        DEVICE,
        DEVICE_POINTER,
        HANDLE,
        HANDLE_OUT,
        PAYLOAD_OUT,
        /** An input that travels as the call's payload. */
        PAYLOAD_IN,
        /** An output handle the backend makes and the executor registers in the session. */
        HANDLE_NEW,
        /** Memory of the executor's host the function works in; nothing travels. */
        SCRATCH
    }

    private final String token;
    private final Kind kind;
    private final int slots;

    ArgumentRole(final String token, final Kind kind)
    {
        this(token, kind, 1);
    }

    ArgumentRole(final String token, final Kind kind, final int slots)
    {
        this.token = token;
        this.kind = kind;
        this.slots = slots;
    }

    /**
     * @return how many values of the call's {@code args} (an input) or the reply's {@code values} (an output) the
     *         argument takes: 1, or the length of a small fixed array or struct.
     */
    public int slots()
    {
        return slots;
    }

    /**
     * @return how the table spells the role.
     */
    public String token()
    {
        return token;
    }

    public Kind kind()
    {
        return kind;
    }

    public boolean isOutput()
    {
        return kind == Kind.SCALAR_OUT || kind == Kind.HANDLE_OUT || kind == Kind.PAYLOAD_OUT ||
            kind == Kind.HANDLE_NEW;
    }

    public boolean isHandle()
    {
        return kind == Kind.HANDLE;
    }

    /**
     * @return whether a 64-bit argument value is one this role can carry: a 32-bit role refuses what does not fit.
     */
    public boolean accepts(final long value)
    {
        return switch (this)
        {
            case IN_INT -> value == (int)value;
            case IN_UINT -> value >= 0 && value <= 0xFFFF_FFFFL;
            case IN_UCHAR -> value >= 0 && value <= 0xFF;
            case IN_USHORT -> value >= 0 && value <= 0xFFFF;
            case IN_FLOAT -> value >= 0 && value <= 0xFFFF_FFFFL;
            default -> true;
        };
    }

    /**
     * The role the table spells this way, or null.
     */
    public static ArgumentRole of(final String token)
    {
        return TableToken.of(values(), token);
    }
}
