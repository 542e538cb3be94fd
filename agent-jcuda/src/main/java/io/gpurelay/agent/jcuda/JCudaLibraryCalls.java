package io.gpurelay.agent.jcuda;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.cuda.ManagedMemory;
import io.gpurelay.agent.cuda.library.LibraryCall;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.instrumentation.NullChecks;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.describe.Library;
import io.gpurelay.protocol.describe.LibraryFunction;
import io.gpurelay.protocol.describe.LibraryFunctions;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.MethodCall;

/**
 * The body of every JCuda native of a described cuRAND, cuFFT or NVRTC function ({@link LibraryFunctions}):
 * {@code curandGenerateUniformNative} and {@code cufftExecC2CNative} alike call {@link #call(int, Object[])} with
 * their row's index and their arguments, and {@link LibraryCall} encodes them. JCuda's native code's behaviour stays:
 * a null argument it checks throws {@link NullPointerException} with its message ({@link NullChecks}), an output
 * array gets element 0 (an empty one nothing), and the default streams travel as 0.
 */
public final class JCudaLibraryCalls
{
    private static final List<LibraryFunction> FUNCTIONS = LibraryFunctions.all();
    /** The JCuda natives not named after the function plus {@code Native}. */
    private static final Map<String, String> NATIVE_NAMES = Map.of("cufftMakePlanMany64",
        "cufftMakePlanManyNative64");
    private static final Map<Library, String> CLASSES = Map.of(Library.CURAND, "jcuda.jcurand.JCurand",
        Library.CUFFT, "jcuda.jcufft.JCufft", Library.NVRTC, "jcuda.nvrtc.JNvrtc");
    private static final Set<Library> NAMED = ConcurrentHashMap.newKeySet();
    private static final Method CALL = lookUpCall();
    private static final long CUDA_STREAM_LEGACY = 1;
    private static final long CUDA_STREAM_PER_THREAD = 2;

    private JCudaLibraryCalls()
    {
    }

    /**
     * @return {@link InstrumentationModule#HAND_WRITTEN} for a static native of a row of the library, null for
     *         any other.
     */
    public static Object remotesByName(final MethodDescription.InDefinedShape nativeMethod, final Library library)
    {
        return described(nativeMethod, library) >= 0 ? InstrumentationModule.HAND_WRITTEN : null;
    }

    /**
     * @return the native's body, a call of {@link #call(int, Object[])} with its row's index; null for a native of
     *         no row.
     */
    public static Implementation bodyByName(final MethodDescription.InDefinedShape nativeMethod, final Library library)
    {
        final int index = described(nativeMethod, library);
        return index < 0 ? null : MethodCall.invoke(CALL).with(index).withArgumentArray();
    }

    /**
     * @return the index of the row whose JCuda native this is, by name; -1 where there is none. A native of a
     *         described name whose parameters do not fit the letters is an error of the description.
     */
    static int described(final MethodDescription.InDefinedShape nativeMethod, final Library library)
    {
        final int index = indexOf(nativeMethod.getName());
        if (index < 0 || !nativeMethod.isStatic() || FUNCTIONS.get(index).library() != library)
        {
            return -1;
        }
        final LibraryFunction function = FUNCTIONS.get(index);
        final List<? extends ParameterDescription> parameters = nativeMethod.getParameters();
        boolean matches = parameters.size() == function.arity() &&
            nativeMethod.getReturnType().asErasure().represents(int.class);
        int argument = 0;
        for (int i = 0; matches && i < function.letters().length(); i++)
        {
            final char letter = function.letters().charAt(i);
            if (LibraryFunction.isArgument(letter))
            {
                matches = fits(letter, parameters.get(argument++).getType().asErasure().getName());
            }
        }
        if (!matches)
        {
            throw new IllegalStateException(CLASSES.get(library) + "." + nativeMethod.getName() +
                nativeMethod.getDescriptor() + " does not match its description " + function.letters());
        }
        return index;
    }

    private static boolean fits(final char letter, final String type)
    {
        return switch (letter)
        {
            case 'i', 'x', 't', 'r' -> type.equals("int");
            case 'l', 'b', 'z' -> type.equals("int") || type.equals("long");
            case 'f' -> type.equals("float");
            case 'D' -> type.equals("double");
            case 'd' -> type.equals("jcuda.Pointer");
            case 's' -> type.equals("jcuda.runtime.cudaStream_t");
            case 'P', 'c' -> type.equals("jcuda.jcufft.cufftHandle");
            case 'n', 'e' -> type.equals("[I");
            case 'L', 'E' -> type.equals("[J");
            case 'o' -> type.equals("[I");
            case 'w', 'W' -> type.equals("[J");
            default -> !type.startsWith("[") && !type.startsWith("java.") && type.contains(".");
        };
    }

    /** @return the index of the row a JCuda native ({@code curandGenerateNative}) remotes; -1 where none. */
    public static int indexOf(final String nativeName)
    {
        final LibraryFunction function = LibraryFunctions.named(nativeName.replace("Native", ""));
        return function == null || !nativeName.equals(nativeName(function)) ? -1 : FUNCTIONS.indexOf(function);
    }

    private static String nativeName(final LibraryFunction function)
    {
        return NATIVE_NAMES.getOrDefault(function.name(), function.name() + "Native");
    }

    private static Method lookUpCall()
    {
        try
        {
            return JCudaLibraryCalls.class.getMethod("call", int.class, Object[].class);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /**
     * Runs row {@code index} of {@link LibraryFunctions#all()} with a JCuda native's arguments: JCuda's null checks
     * of the native first, then the call.
     */
    public static int call(final int index, final Object[] arguments)
    {
        final LibraryFunction function = FUNCTIONS.get(index);
        nameStatuses(function.library());
        for (final NullChecks.Check check : NullChecks.standard().of(CLASSES.get(function.library()),
            nativeName(function), arguments.length))
        {
            if (arguments[check.position()] == null)
            {
                if (check.returnsStatus())
                {
                    return check.status();
                }
                throw new NullPointerException(check.message());
            }
        }
        return LibraryCall.run(function, new Arguments(function, arguments));
    }

    /**
     * JCuda's names of the library's statuses, for the messages of failed calls; each library's classes are loaded
     * only once a call of it runs.
     */
    private static void nameStatuses(final Library library)
    {
        if (NAMED.add(library))
        {
            switch (library)
            {
                case CURAND -> CallFailures.nameStatuses(Api.CURAND, jcuda.jcurand.curandStatus::stringFor);
                case CUFFT -> CallFailures.nameStatuses(Api.CUFFT, jcuda.jcufft.cufftResult::stringFor);
                case NVRTC -> CallFailures.nameStatuses(Api.NVRTC, jcuda.nvrtc.nvrtcResult::stringFor);
                default -> throw new IllegalStateException(library.name());
            }
        }
    }

    /**
     * A JCuda native's arguments: handle objects, boxed numbers, {@code Pointer}s, streams, {@code cufftHandle}s and
     * Java arrays for sizes and outputs.
     */
    private record Arguments(LibraryFunction function, Object[] arguments) implements LibraryCall.Arguments
    {
        public int count()
        {
            return arguments.length;
        }

        public String name()
        {
            return function.name();
        }

        public long handle(final int index)
        {
            return JCudaPointers.nativePointer((NativePointerObject)arguments[index]);
        }

        public long integer(final int index)
        {
            return ((Number)arguments[index]).longValue();
        }

        public float real32(final int index)
        {
            return (Float)arguments[index];
        }

        public double real64(final int index)
        {
            return (Double)arguments[index];
        }

        /**
         * cuFFT counts a pointer to Java memory as host memory, cuRAND pinned host memory too, as each did before
         * they shared one encoder.
         */
        public String hostMemory(final int index, final LibraryFunction described)
        {
            final Pointer pointer = (Pointer)arguments[index];
            if (pointer == null)
            {
                return null;
            }
            final boolean host = described.library() == Library.CUFFT ?
                JCudaPointers.buffer(pointer) != null && !ManagedMemory.isHostView(JCudaPointers.buffer(pointer)) ||
                    JCudaPointers.pointers(pointer) != null :
                JCudaHostRanges.isHostMemory(pointer);
            return host ? "" : null;
        }

        /** JCufft's functions that take Java arrays copy them to device memory for a transform. */
        public String hostMemoryHint(final LibraryFunction described)
        {
            return described.function() == Function.CUFFT_EXEC ?
                " (cudaMalloc, cuMemAlloc, or JCufft's functions that take Java arrays)" : " (cudaMalloc, cuMemAlloc)";
        }

        public long device(final int index)
        {
            final Pointer pointer = (Pointer)arguments[index];
            return pointer == null ? 0 : JCudaPointers.address(pointer);
        }

        public long stream(final int index)
        {
            final NativePointerObject stream = (NativePointerObject)arguments[index];
            final long handle = stream == null ? 0 : JCudaPointers.nativePointer(stream);
            return handle == CUDA_STREAM_LEGACY || handle == CUDA_STREAM_PER_THREAD ? 0 : handle;
        }

        public int plan(final int index)
        {
            return (int)Plans.PLAN.get((jcuda.jcufft.cufftHandle)arguments[index]);
        }

        public long[] sizes(final int index, final int rank, final int elementBytes)
        {
            if (arguments[index] instanceof int[] values)
            {
                final long[] sizes = new long[values.length];
                for (int i = 0; i < values.length; i++)
                {
                    sizes[i] = values[i];
                }
                return sizes;
            }
            return (long[])arguments[index];
        }

        /** JCuda's null checks ran first. */
        public void requireOutput(final int index)
        {
        }

        public boolean isNull(final int index)
        {
            return arguments[index] == null;
        }

        public void writeHandle(final int index, final long value)
        {
            JCudaPointers.setNativePointer((NativePointerObject)arguments[index], value);
        }

        public void writeInt(final int index, final int value)
        {
            final int[] array = (int[])arguments[index];
            if (array.length > 0)
            {
                array[0] = value;
            }
        }

        public void writeLong(final int index, final long value)
        {
            final long[] array = (long[])arguments[index];
            if (array.length > 0)
            {
                array[0] = value;
            }
        }

        public void writePlan(final int index, final int number)
        {
            Plans.PLAN.set((jcuda.jcufft.cufftHandle)arguments[index], number);
        }
    }

    /**
     * A {@code cufftHandle}'s {@code int}, which JCufft keeps private: the plan's number of this process
     * ({@link io.gpurelay.agent.cuda.fft.CufftCalls}). Loaded only once a cuFFT call runs.
     */
    private static final class Plans
    {
        static final VarHandle PLAN;

        static
        {
            try
            {
                PLAN = MethodHandles.privateLookupIn(jcuda.jcufft.cufftHandle.class, MethodHandles.lookup())
                    .findVarHandle(jcuda.jcufft.cufftHandle.class, "plan", int.class);
            }
            catch (final ReflectiveOperationException ex)
            {
                throw new ExceptionInInitializerError(ex);
            }
        }
    }
}
