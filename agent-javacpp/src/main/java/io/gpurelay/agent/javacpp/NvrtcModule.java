package io.gpurelay.agent.javacpp;

import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.gpurelay.agent.cuda.LibraryRefusals;
import io.gpurelay.agent.cuda.nvrtc.NvrtcRefusals;
import io.gpurelay.agent.cuda.nvrtc.NvrtcCalls;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.describe.Library;
import io.gpurelay.protocol.describe.LibraryFunction;
import io.gpurelay.protocol.describe.LibraryFunctions;
import io.gpurelay.protocol.NvrtcOutput;
import io.gpurelay.protocol.NvrtcStatus;
import org.agrona.UnsafeApi;
import org.agrona.concurrent.UnsafeBuffer;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Pointer;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.nvrtc}: programs are compiled by the executor's NVRTC, on the same calls
 * JCuda's {@code JNvrtc} makes: its rows of {@link LibraryFunctions} through {@link JavaCppLibraryArguments}, the
 * rest by hand ({@link NvrtcCalls}). Arrays of strings ({@code const char* const*}: headers, include
 * names, options) are read from the {@code PointerPointer} JavaCPP passes, one {@code char*} per element. Binary
 * outputs (CUBIN, LTO IR, OptiX IR) and the architectures are written where the caller's pointer, array or buffer
 * points, as NVRTC writes them.
 */
public final class NvrtcModule extends JavaCppModule
{
    private static final String[] NAMES = {
        "NVRTC_SUCCESS", "NVRTC_ERROR_OUT_OF_MEMORY", "NVRTC_ERROR_PROGRAM_CREATION_FAILURE",
        "NVRTC_ERROR_INVALID_INPUT", "NVRTC_ERROR_INVALID_PROGRAM", "NVRTC_ERROR_INVALID_OPTION",
        "NVRTC_ERROR_COMPILATION", "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
        "NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION", "NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
        "NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID", "NVRTC_ERROR_INTERNAL_ERROR" };

    /** Lowered names handed out per program: NVRTC keeps them until the program is destroyed, and so does this. */
    private static final Map<Long, List<BytePointer>> LOWERED_NAMES = new ConcurrentHashMap<>();

    public NvrtcModule()
    {
        super("nvrtc", NvrtcStatus.INTERNAL_ERROR, "NVRTC_ERROR_INTERNAL_ERROR", NvrtcStatus.INVALID_INPUT,
            "NVRTC_ERROR_INVALID_INPUT",
            List.of("org.bytedeco.cuda.global.nvrtc", "org.bytedeco.cuda.presets.nvrtc", "org.bytedeco.cuda.nvrtc."));
        for (final LibraryFunction function : LibraryFunctions.of(Library.NVRTC))
        {
            function(function.name(), JavaCppLibraryArguments.of(function));
        }
        // Strings, texts and binary outputs are more than words, and a destroyed program's pointer is set to null.
        function("nvrtcGetErrorString", a ->
        {
            final int result = a.intValue(0);
            return a.cString(result >= 0 && result < NAMES.length ? NAMES[result] : "NVRTC_ERROR unknown");
        });
        function("nvrtcCreateProgram", NvrtcModule::createProgram);
        function("nvrtcDestroyProgram", a ->
        {
            final long program = programOut(a, 0);
            final int status = NvrtcCalls.destroyProgram(program);
            if (status == NvrtcStatus.SUCCESS)
            {
                a.setHandle(0, 0);
                LOWERED_NAMES.remove(program);
            }
            return status;
        });
        function("nvrtcCompileProgram", a ->
        {
            return NvrtcCalls.compile(a.handle(0), strings(a, 2, a.intValue(1), "option"));
        });
        function("nvrtcGetPTX", a -> text(a, Function.NVRTC_GET_PTX));
        function("nvrtcGetProgramLog", a -> text(a, Function.NVRTC_GET_PROGRAM_LOG));
        function("nvrtcAddNameExpression", a -> NvrtcCalls.addNameExpression(a.handle(0), requireString(a, 1)));
        function("nvrtcGetLoweredName", a ->
        {
            final long program = a.handle(0);
            JavaCppRuntime.requireOutput(a, 2);
            final String[] name = new String[1];
            final int status = NvrtcCalls.loweredName(program, requireString(a, 1), name);
            if (status == NvrtcStatus.SUCCESS)
            {
                final BytePointer lowered = new BytePointer(name[0]);
                LOWERED_NAMES.computeIfAbsent(program, ignored -> new java.util.concurrent.CopyOnWriteArrayList<>())
                    .add(lowered);
                a.setHandle(2, lowered.address());
            }
            return status;
        });
        function("nvrtcGetSupportedArchs", NvrtcModule::supportedArchs);
        for (final NvrtcOutput output : NvrtcOutput.values())
        {
            function(output.functionName(), a -> output(a, output));
        }
    }

    /**
     * The executor's architectures into the caller's {@code int*}, which must hold as many as
     * {@code nvrtcGetNumSupportedArchs} gives: NVRTC writes that many, and memory JavaCPP knows to be shorter is
     * refused.
     */
    private static int supportedArchs(final JavaCppArgs a)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final int[] count = new int[1];
        int status = NvrtcCalls.numSupportedArchs(count);
        if (status != NvrtcStatus.SUCCESS)
        {
            return status;
        }
        final int[][] archs = new int[1][];
        status = NvrtcCalls.supportedArchs(count[0], archs);
        if (status == NvrtcStatus.SUCCESS && count[0] > 0)
        {
            final UnsafeBuffer bytes = new UnsafeBuffer(new byte[count[0] * Integer.BYTES]);
            for (int i = 0; i < count[0]; i++)
            {
                bytes.putInt(i * Integer.BYTES, archs[0][i], ByteOrder.nativeOrder());
            }
            a.writeBytes(0, bytes.byteArray(), bytes.capacity());
        }
        return status;
    }

    /**
     * The CUBIN, LTO IR or OptiX IR into the caller's buffer, which must hold its size: NVRTC writes as many bytes as
     * its size function gives, and memory JavaCPP knows to be shorter is refused rather than cut short.
     */
    private static int output(final JavaCppArgs a, final NvrtcOutput output)
    {
        JavaCppRuntime.requireOutput(a, 1);
        final byte[][] bytes = new byte[1][];
        final int status = NvrtcCalls.output(output, a.handle(0), bytes);
        if (status == NvrtcStatus.SUCCESS && bytes[0].length > 0)
        {
            a.writeBytes(1, bytes[0], bytes[0].length);
        }
        return status;
    }

    private static int createProgram(final JavaCppArgs a)
    {
        JavaCppRuntime.requireOutput(a, 0);
        final String source = a.string(1);
        if (source == null)
        {
            throw new JavaCppArgumentException("the source is null");
        }
        final String name = a.string(2);
        final int headers = a.intValue(3);
        final String[] headerSources = strings(a, 4, headers, "header");
        final String[] includeNames = strings(a, 5, headers, "include name");
        final long[] results = new long[1];
        final int status = NvrtcCalls.createProgram(source, name, headerSources, includeNames, results);
        if (status == NvrtcStatus.SUCCESS)
        {
            a.setHandle(0, results[0]);
        }
        return status;
    }

    /**
     * The program a {@code nvrtcProgram*} argument holds: a {@code @ByPtrPtr} program's address, or the first slot of
     * a {@code PointerPointer}.
     */
    private static long programOut(final JavaCppArgs a, final int index)
    {
        JavaCppRuntime.requireOutput(a, index);
        final Pointer pointer = (Pointer)a.get(index);
        if (a.method().isByPtrPtr(index) && !(pointer instanceof org.bytedeco.javacpp.PointerPointer))
        {
            return pointer.address();
        }
        final long slot = JavaCppPointers.effectiveAddress(pointer);
        if (slot == 0)
        {
            throw new JavaCppArgumentException(a.describe(index) + " is a null pointer");
        }
        return UnsafeApi.getLong(null, slot);
    }

    /**
     * {@code count} C strings from an array of {@code char*} (a {@code PointerPointer}); none for a count of 0.
     */
    private static String[] strings(final JavaCppArgs a, final int index, final int count, final String what)
    {
        if (count < 0)
        {
            throw new JavaCppArgumentException("a negative count of " + what + "s: " + count);
        }
        final String[] strings = new String[count];
        if (count == 0)
        {
            return strings;
        }
        if (!(a.get(index) instanceof Pointer pointer) || JavaCppPointers.effectiveAddress(pointer) == 0)
        {
            throw new JavaCppArgumentException(count + " " + what + "s, but " + a.describe(index) + " is null");
        }
        final long extent = JavaCppPointers.extent(pointer);
        if (extent >= 0 && extent < (long)count * Long.BYTES)
        {
            throw new JavaCppArgumentException(count + " " + what + "s, but " + a.describe(index) + " holds " +
                extent / Long.BYTES);
        }
        final long table = JavaCppPointers.effectiveAddress(pointer);
        for (int i = 0; i < count; i++)
        {
            final long string = UnsafeApi.getLong(null, table + (long)i * Long.BYTES);
            if (string == 0)
            {
                throw new JavaCppArgumentException(what + " " + i + " is null");
            }
            strings[i] = JavaCppPointers.cString(string);
        }
        return strings;
    }

    private static String requireString(final JavaCppArgs a, final int index)
    {
        final String text = a.string(index);
        if (text == null)
        {
            throw new JavaCppArgumentException(a.describe(index) + " is null");
        }
        return text;
    }

    /**
     * The PTX or the log, NUL-terminated, into the caller's buffer, which NVRTC requires to hold its size.
     */
    private static int text(final JavaCppArgs a, final Function function)
    {
        JavaCppRuntime.requireOutput(a, 1);
        final byte[][] bytes = new byte[1][];
        final int status = NvrtcCalls.text(function, a.handle(0), bytes);
        if (status == NvrtcStatus.SUCCESS)
        {
            final byte[] text = bytes[0];
            final boolean terminated = text.length > 0 && text[text.length - 1] == 0;
            final byte[] out = terminated ? text : java.util.Arrays.copyOf(text, text.length + 1);
            a.writeBytes(1, out, out.length);
        }
        return status;
    }

    /**
     * The precompiled-header functions have no wire function: JNvrtc has none, so nothing carries them. A flow
     * callback is a C function pointer.
     */
    public String refusalReason(final String functionName)
    {
        return switch (functionName)
        {
            case "nvrtcGetPCHHeapSize", "nvrtcSetPCHHeapSize", "nvrtcGetPCHCreateStatus",
                "nvrtcGetPCHHeapSizeRequired" -> "no call carries NVRTC's precompiled-header heap and status to the " +
                "executor yet (JNvrtc has none to share it with)";
            case "nvrtcSetFlowCallback" -> "it takes a C function pointer as a callback, which gpurelay does not " +
                "call across processes";
            default -> NvrtcRefusals.INSTANCE.refusalReason(functionName);
        };
    }

    protected LibraryRefusals refusals()
    {
        return NvrtcRefusals.INSTANCE;
    }
}
