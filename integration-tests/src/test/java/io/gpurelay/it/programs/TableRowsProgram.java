package io.gpurelay.it.programs;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaEvent_t;
import jcuda.runtime.cudaStream_t;

/**
 * Calls every row of the function table through JCuda's public API, with arguments made from the row's roles (a
 * context, a module and its kernel, two streams, an event and 1 MiB of device memory of its own; device 0; small
 * scalars), and prints one line per row: its status and what it wrote. Run once with JCuda's own natives on a GPU
 * and once through gpurelay on the same GPU, the two outputs must agree ({@code TableFunctionsGpuIT}). Values that
 * differ by nature between processes (context and stream ids) are printed as whether they are set; a handle written
 * back as whether it is the program's own. Classpath: this, jcuda, and the wire protocol's classes for the table.
 * Argument: the folder with the kernels' PTX files.
 */
public final class TableRowsProgram
{
    /** The texture and surface reference rows, which TextureReferencesProgram calls. */
    private static final int TEXTURE_REFERENCE_ROWS_FIRST = 1600;
    private static final int TEXTURE_REFERENCE_ROWS_LAST = 1649;

    private static final long MEMORY_BYTES = 1 << 20;
    /** The in:size value, and a pitch's: 2D memsets of 4 rows of 4 elements, 64 bytes apart; small sizes elsewhere. */
    private static final long SIZE = 4;
    private static final long PITCH = 64;
    /** The length of a string output ({@code len} of cuDeviceGetPCIBusId), room for a PCI bus id. */
    private static final int STRING_BYTES = 32;

    private TableRowsProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        JCudaDriver.setExceptionsEnabled(false);
        JCuda.setExceptionsEnabled(false);
        final Path kernels = Path.of(args[0]);
        require("cuInit", JCudaDriver.cuInit(0));
        final CUdevice device = new CUdevice();
        require("cuDeviceGet", JCudaDriver.cuDeviceGet(device, 0));
        final CUcontext context = new CUcontext();
        require("cuCtxCreate", JCudaDriver.cuCtxCreate(context, 0, device));
        final CUmodule module = new CUmodule();
        require("cuModuleLoad", JCudaDriver.cuModuleLoad(module, kernels.resolve("vector_add.ptx").toString()));
        final CUfunction function = new CUfunction();
        require("cuModuleGetFunction", JCudaDriver.cuModuleGetFunction(function, module, "vector_add"));
        final CUstream[] streams = { new CUstream(), new CUstream() };
        require("cuStreamCreate", JCudaDriver.cuStreamCreate(streams[0], 1));
        require("cuStreamCreate", JCudaDriver.cuStreamCreate(streams[1], 0));
        final CUevent event = new CUevent();
        require("cuEventCreate", JCudaDriver.cuEventCreate(event, 0));
        final CUdeviceptr memory = new CUdeviceptr();
        require("cuMemAlloc", JCudaDriver.cuMemAlloc(memory, MEMORY_BYTES));
        require("cuMemsetD8", JCudaDriver.cuMemsetD8(memory, (byte)0, MEMORY_BYTES));

        // Runtime rows run on the device's primary context, as they do through gpurelay whatever the driver's current
        // context: so none is current while they run.
        require("cuCtxSetCurrent", JCudaDriver.cuCtxSetCurrent(new CUcontext()));
        require("cudaSetDevice", JCuda.cudaSetDevice(0));
        final cudaStream_t[] runtimeStreams = { new cudaStream_t(), new cudaStream_t() };
        require("cudaStreamCreateWithFlags", JCuda.cudaStreamCreateWithFlags(runtimeStreams[0], 1));
        require("cudaStreamCreateWithFlags", JCuda.cudaStreamCreateWithFlags(runtimeStreams[1], 0));
        final cudaEvent_t runtimeEvent = new cudaEvent_t();
        require("cudaEventCreate", JCuda.cudaEventCreate(runtimeEvent));
        final Pointer runtimeMemory = new Pointer();
        require("cudaMalloc", JCuda.cudaMalloc(runtimeMemory, MEMORY_BYTES));
        require("cudaMemset", JCuda.cudaMemset(runtimeMemory, 0, MEMORY_BYTES));

        for (final FunctionRow row : FunctionTable.standard().rows())
        {
            if (!row.binding().jcuda())
            {
                // JCuda binds no library's rows; JavaCppSolverProgram calls cuSOLVER's.
                continue;
            }
            if (row.id() >= TEXTURE_REFERENCE_ROWS_FIRST && row.id() <= TEXTURE_REFERENCE_ROWS_LAST)
            {
                // Texture and surface references need objects bound to each other: TextureReferencesProgram (and
                // TextureReferencesGpuIT) calls them.
                System.out.println("ROW " + row.name() + " left to TextureReferencesProgram");
                continue;
            }
            final boolean driver = row.binding() == Binding.JCUDA_DRIVER;
            require("cuCtxSetCurrent", JCudaDriver.cuCtxSetCurrent(driver ? context : new CUcontext()));
            final Object[] arguments = new Object[row.arguments().size()];
            int stream = 0;
            for (int i = 0; i < arguments.length; i++)
            {
                final Argument argument = row.arguments().get(i);
                arguments[i] = switch (argument.role())
                {
                    case IN_INT, IN_UINT -> argument.name().equals("len") ? STRING_BYTES : 0;
                    case IN_UCHAR -> (byte)0x5A;
                    case IN_USHORT -> (short)0x5A5A;
                    case IN_SIZE -> argument.name().toLowerCase(java.util.Locale.ROOT).endsWith("pitch") ? PITCH : SIZE;
                    case IN_INT64 -> 0L;
                    case OUT_INT, OUT_UINT -> new int[]{ -7 };
                    case OUT_SIZE, OUT_INT64 -> new long[]{ -7 };
                    case DEVICE -> driver ? device : (Object)0;
                    case CONTEXT -> context;
                    case MODULE -> module;
                    case FUNCTION -> function;
                    case STREAM -> driver ? streams[stream++] : runtimeStreams[stream++];
                    case EVENT -> driver ? event : runtimeEvent;
                    case DEVPTR -> driver ? memory : runtimeMemory;
                    case OUT_CONTEXT -> new CUcontext();
                    case OUT_MODULE -> new CUmodule();
                    case OUT_DEVPTR -> new CUdeviceptr();
                    case OUT_STRING -> new String[]{ "unset" };
                    default -> throw new IllegalStateException(row.name() + ": " + argument.role() + " is not made here");
                };
            }
            System.out.println(line(row, arguments, context, module, memory));
        }
        require("cuCtxSynchronize", JCudaDriver.cuCtxSetCurrent(context));
        require("cuCtxSynchronize", JCudaDriver.cuCtxSynchronize());
        System.out.println("DONE");
    }

    private static String line(final FunctionRow row, final Object[] arguments, final CUcontext context,
        final CUmodule module, final CUdeviceptr memory)
    {
        final Class<?> binding = row.binding() == Binding.JCUDA_DRIVER ? JCudaDriver.class : JCuda.class;
        final Method method = find(binding, row.name(), arguments.length);
        if (method == null)
        {
            return "ROW " + row.name() + " no public method with " + arguments.length + " parameters";
        }
        final int status;
        try
        {
            status = (Integer)method.invoke(null, arguments);
        }
        catch (final InvocationTargetException ex)
        {
            return "ROW " + row.name() + " threw " + ex.getCause();
        }
        catch (final ReflectiveOperationException | IllegalArgumentException ex)
        {
            return "ROW " + row.name() + " could not be called: " + ex;
        }
        final List<String> outputs = new ArrayList<>();
        for (int i = 0; i < arguments.length; i++)
        {
            final Argument argument = row.arguments().get(i);
            if (!argument.role().isOutput())
            {
                continue;
            }
            final boolean identifier = argument.name().endsWith("Id");
            final Object value = arguments[i];
            if (argument.role() == ArgumentRole.OUT_CONTEXT)
            {
                outputs.add(argument.name() + (value.equals(context) ? " is the program's" : " is another"));
            }
            else if (argument.role() == ArgumentRole.OUT_MODULE)
            {
                outputs.add(argument.name() + (value.equals(module) ? " is the program's" : " is another"));
            }
            else if (argument.role() == ArgumentRole.OUT_STRING)
            {
                outputs.add(argument.name() + "=" + ((String[])value)[0]);
            }
            else if (argument.role() == ArgumentRole.OUT_DEVPTR)
            {
                outputs.add(argument.name() + (value.equals(memory) ? " is the program's allocation" : " is another"));
            }
            else
            {
                final long written = value instanceof int[] ints ? ints[0] : ((long[])value)[0];
                outputs.add(argument.name() + "=" + (identifier ? (written != -7 ? "set" : "unset") : written));
            }
        }
        return "ROW " + row.name() + " status=" + status + (status == 0 ? " " + outputs : "");
    }

    private static Method find(final Class<?> binding, final String name, final int parameters)
    {
        return Arrays.stream(binding.getMethods())
            .filter(method -> method.getName().equals(name) && method.getParameterCount() == parameters &&
                Modifier.isStatic(method.getModifiers()))
            .findFirst().orElse(null);
    }

    private static void require(final String what, final int status)
    {
        if (status != 0)
        {
            System.out.println("SETUP " + what + " failed with " + status);
            System.exit(2);
        }
    }
}
