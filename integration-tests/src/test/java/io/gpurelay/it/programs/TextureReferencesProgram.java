package io.gpurelay.it.programs;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

import io.gpurelay.testsupport.Checks;
import jcuda.driver.CUDA_ARRAY3D_DESCRIPTOR;
import jcuda.driver.CUDA_ARRAY_DESCRIPTOR;
import jcuda.driver.CUarray;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmipmappedArray;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.CUsurfref;
import jcuda.driver.CUtexref;
import jcuda.driver.JCudaDriver;
import static io.gpurelay.it.programs.FnLines.line;

/**
 * The legacy texture and surface references through JCuda's public API: a texture reference made, each property set
 * and read back, bound to an array, a mipmapped array, a range of device memory and a 2D range, looked up by name in
 * a module that declares none and in one that declares it, handed to a kernel's legacy parameters, destroyed. Prints one line per call,
 * {@code FN <function>/<case> status=<status> <what it wrote>}, with handles printed as what they name, so that a run
 * with JCuda's own natives on a GPU and one through gpurelay on the same GPU print the same lines
 * ({@code TextureReferencesGpuIT}).
 * <p>
 * Arguments: the folder with the kernels' PTX files, then {@code checks} to also check what the emulator answers and
 * what gpurelay refuses (a range outside the program's allocations, a destroyed reference, a reference of a destroyed
 * context), which a local GPU does not refuse and which are left out of the comparison; the program then ends with
 * {@code PASSED} or {@code FAILED}.
 */
public final class TextureReferencesProgram
{
    private static final int FORMAT_UNSIGNED_INT8 = 0x01;
    private static final int FORMAT_FLOAT = 0x20;
    private static final int TRSA_OVERRIDE_FORMAT = 0x01;
    private static final int PARAM_TR_DEFAULT = -1;
    private static final long MEMORY_BYTES = 64 * 1024;

    private TextureReferencesProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        JCudaDriver.setExceptionsEnabled(false);
        final Path kernels = Path.of(args[0]);
        final Checks checks = args.length > 1 && args[1].equals("checks") ? new Checks() : null;

        JCudaDriver.cuInit(0);
        final CUdevice device = new CUdevice();
        JCudaDriver.cuDeviceGet(device, 0);
        final CUcontext context = new CUcontext();
        line("cuCtxCreate", "", JCudaDriver.cuCtxCreate(context, 0, device));

        final CUtexref texref = new CUtexref();
        final int created = JCudaDriver.cuTexRefCreate(texref);
        line("cuTexRefCreate", "", created, !texref.equals(new CUtexref()));
        properties(texref, "fresh", checks);
        setProperties(texref, checks);
        properties(texref, "set", checks);
        bindings(texref, checks);
        module(kernels, texref, checks);
        line("cuTexRefDestroy", "", JCudaDriver.cuTexRefDestroy(texref));
        if (checks != null)
        {
            refusals(context, device, checks);
        }
        line("cuCtxDestroy", "", JCudaDriver.cuCtxDestroy(context));
        System.out.println("DONE");
        if (checks != null)
        {
            checks.finish();
        }
    }

    private static void properties(final CUtexref texref, final String state, final Checks checks)
    {
        final int[] first = new int[1];
        final int[] second = new int[1];
        line("cuTexRefGetFormat", state, JCudaDriver.cuTexRefGetFormat(first, second, texref), first[0], second[0]);
        for (int dimension = 0; dimension < 3; dimension++)
        {
            line("cuTexRefGetAddressMode", state + "-" + dimension,
                JCudaDriver.cuTexRefGetAddressMode(first, texref, dimension), first[0]);
        }
        line("cuTexRefGetFilterMode", state, JCudaDriver.cuTexRefGetFilterMode(first, texref), first[0]);
        line("cuTexRefGetMipmapFilterMode", state, JCudaDriver.cuTexRefGetMipmapFilterMode(first, texref), first[0]);
        final float[] bias = new float[1];
        line("cuTexRefGetMipmapLevelBias", state, JCudaDriver.cuTexRefGetMipmapLevelBias(bias, texref), bias[0]);
        final float[] low = new float[1];
        final float[] high = new float[1];
        line("cuTexRefGetMipmapLevelClamp", state, JCudaDriver.cuTexRefGetMipmapLevelClamp(low, high, texref), low[0],
            high[0]);
        line("cuTexRefGetMaxAnisotropy", state, JCudaDriver.cuTexRefGetMaxAnisotropy(first, texref), first[0]);
        final float[] border = new float[4];
        line("cuTexRefGetBorderColor", state, JCudaDriver.cuTexRefGetBorderColor(border, texref), floats(border));
        line("cuTexRefGetFlags", state, JCudaDriver.cuTexRefGetFlags(first, texref), first[0]);
        if (checks != null && state.equals("set"))
        {
            checks.equal("the format", FORMAT_UNSIGNED_INT8,
                JCudaDriver.cuTexRefGetFormat(first, second, texref) == 0 ? first[0] : -1);
            checks.equal("its channels", 4, second[0]);
            checks.equal("the address mode of dimension 2", 3,
                JCudaDriver.cuTexRefGetAddressMode(first, texref, 2) == 0 ? first[0] : -1);
            checks.check("the bias", JCudaDriver.cuTexRefGetMipmapLevelBias(bias, texref) == 0 && bias[0] == -0.75f);
            checks.check("the clamp", JCudaDriver.cuTexRefGetMipmapLevelClamp(low, high, texref) == 0 &&
                low[0] == 0.5f && high[0] == 7.25f);
            checks.check("the border colour", JCudaDriver.cuTexRefGetBorderColor(border, texref) == 0 &&
                Arrays.equals(border, new float[]{ 0.25f, -1f, 3f, Float.MAX_VALUE }), Arrays.toString(border));
            checks.equal("the anisotropy", 8, JCudaDriver.cuTexRefGetMaxAnisotropy(first, texref) == 0 ? first[0] : -1);
            checks.equal("the flags", 3, JCudaDriver.cuTexRefGetFlags(first, texref) == 0 ? first[0] : -1);
        }
    }

    private static void setProperties(final CUtexref texref, final Checks checks)
    {
        line("cuTexRefSetFormat", "", JCudaDriver.cuTexRefSetFormat(texref, FORMAT_UNSIGNED_INT8, 4));
        line("cuTexRefSetFormat", "3-components", JCudaDriver.cuTexRefSetFormat(texref, FORMAT_FLOAT, 3));
        line("cuTexRefSetAddressMode", "0", JCudaDriver.cuTexRefSetAddressMode(texref, 0, 1));
        line("cuTexRefSetAddressMode", "1", JCudaDriver.cuTexRefSetAddressMode(texref, 1, 2));
        line("cuTexRefSetAddressMode", "2", JCudaDriver.cuTexRefSetAddressMode(texref, 2, 3));
        line("cuTexRefSetFilterMode", "", JCudaDriver.cuTexRefSetFilterMode(texref, 1));
        line("cuTexRefSetMipmapFilterMode", "", JCudaDriver.cuTexRefSetMipmapFilterMode(texref, 1));
        line("cuTexRefSetMipmapLevelBias", "", JCudaDriver.cuTexRefSetMipmapLevelBias(texref, -0.75f));
        line("cuTexRefSetMipmapLevelClamp", "", JCudaDriver.cuTexRefSetMipmapLevelClamp(texref, 0.5f, 7.25f));
        line("cuTexRefSetMaxAnisotropy", "", JCudaDriver.cuTexRefSetMaxAnisotropy(texref, 8));
        line("cuTexRefSetBorderColor", "", JCudaDriver.cuTexRefSetBorderColor(texref,
            new float[]{ 0.25f, -1f, 3f, Float.MAX_VALUE }));
        line("cuTexRefSetFlags", "", JCudaDriver.cuTexRefSetFlags(texref, 3));
        if (checks != null)
        {
            checks.equal("a dimension past 2 is invalid", CUresult.CUDA_ERROR_INVALID_VALUE,
                JCudaDriver.cuTexRefSetAddressMode(texref, 3, 0));
            checks.equal("three components are no format", CUresult.CUDA_ERROR_INVALID_VALUE,
                JCudaDriver.cuTexRefSetFormat(texref, FORMAT_FLOAT, 3));
        }
    }

    private static void bindings(final CUtexref texref, final Checks checks)
    {
        final CUarray array = new CUarray();
        final CUDA_ARRAY_DESCRIPTOR descriptor = new CUDA_ARRAY_DESCRIPTOR();
        descriptor.Width = 8;
        descriptor.Height = 8;
        descriptor.Format = FORMAT_FLOAT;
        descriptor.NumChannels = 2;
        line("cuArrayCreate", "", JCudaDriver.cuArrayCreate(array, descriptor));
        final CUarray arrayOut = new CUarray();
        line("cuTexRefGetArray", "unbound", JCudaDriver.cuTexRefGetArray(arrayOut, texref));
        line("cuTexRefSetArray", "", JCudaDriver.cuTexRefSetArray(texref, array, TRSA_OVERRIDE_FORMAT));
        line("cuTexRefGetArray", "bound", JCudaDriver.cuTexRefGetArray(arrayOut, texref),
            arrayOut.equals(array) ? "the-program's-array" : "another");
        final int[] format = new int[1];
        final int[] channels = new int[1];
        line("cuTexRefGetFormat", "of-the-array", JCudaDriver.cuTexRefGetFormat(format, channels, texref), format[0],
            channels[0]);
        if (checks != null)
        {
            checks.check("cuTexRefGetArray answers the array bound", arrayOut.equals(array), arrayOut.toString());
            checks.equal("the array's format overrides", FORMAT_FLOAT, format[0]);
        }

        final CUmipmappedArray mipmapped = new CUmipmappedArray();
        final CUDA_ARRAY3D_DESCRIPTOR mipmappedDescriptor = new CUDA_ARRAY3D_DESCRIPTOR();
        mipmappedDescriptor.Width = 16;
        mipmappedDescriptor.Height = 16;
        mipmappedDescriptor.Format = FORMAT_UNSIGNED_INT8;
        mipmappedDescriptor.NumChannels = 4;
        line("cuMipmappedArrayCreate", "", JCudaDriver.cuMipmappedArrayCreate(mipmapped, mipmappedDescriptor, 3));
        line("cuTexRefSetMipmappedArray", "",
            JCudaDriver.cuTexRefSetMipmappedArray(texref, mipmapped, TRSA_OVERRIDE_FORMAT));
        final CUmipmappedArray mipmappedOut = new CUmipmappedArray();
        line("cuTexRefGetMipmappedArray", "bound", JCudaDriver.cuTexRefGetMipmappedArray(mipmappedOut, texref),
            mipmappedOut.equals(mipmapped) ? "the-program's-mipmapped-array" : "another");
        line("cuTexRefGetArray", "after-mipmapped", JCudaDriver.cuTexRefGetArray(arrayOut, texref));
        if (checks != null)
        {
            checks.check("cuTexRefGetMipmappedArray answers the mipmapped array bound",
                mipmappedOut.equals(mipmapped), mipmappedOut.toString());
        }

        final CUdeviceptr memory = new CUdeviceptr();
        line("cuMemAlloc", "", JCudaDriver.cuMemAlloc(memory, MEMORY_BYTES));
        final long[] offset = { -1 };
        line("cuTexRefSetAddress", "allocation", JCudaDriver.cuTexRefSetAddress(offset, texref, memory, 4096),
            offset[0]);
        line("cuTexRefSetAddress", "inside", JCudaDriver.cuTexRefSetAddress(offset, texref, memory.withByteOffset(612),
            256), offset[0]);
        final CUdeviceptr address = new CUdeviceptr();
        line("cuTexRefGetAddress", "inside", JCudaDriver.cuTexRefGetAddress(address, texref),
            "allocation+" + (address(address) - address(memory)));
        line("cuTexRefGetMipmappedArray", "after-memory",
            JCudaDriver.cuTexRefGetMipmappedArray(mipmappedOut, texref));
        if (checks != null)
        {
            checks.equal("the byte offset past the alignment", 100, offset[0]);
            checks.equal("cuTexRefGetAddress answers the address bound", address(memory) + 612, address(address));
        }
        final CUDA_ARRAY_DESCRIPTOR rows = new CUDA_ARRAY_DESCRIPTOR();
        rows.Width = 16;
        rows.Height = 8;
        rows.Format = FORMAT_FLOAT;
        rows.NumChannels = 4;
        line("cuTexRefSetAddress2D", "", JCudaDriver.cuTexRefSetAddress2D(texref, rows, memory, 256));
        line("cuTexRefGetAddress", "2D", JCudaDriver.cuTexRefGetAddress(address, texref),
            "allocation+" + (address(address) - address(memory)));
        line("cuTexRefGetFormat", "2D", JCudaDriver.cuTexRefGetFormat(format, channels, texref), format[0],
            channels[0]);
        if (checks != null)
        {
            checks.equal("a range past the allocation is refused", CUresult.CUDA_ERROR_INVALID_VALUE,
                JCudaDriver.cuTexRefSetAddress(offset, texref, memory.withByteOffset(MEMORY_BYTES - 16), 32));
            rows.Height = 300;
            checks.equal("2D rows past the allocation are refused", CUresult.CUDA_ERROR_INVALID_VALUE,
                JCudaDriver.cuTexRefSetAddress2D(texref, rows, memory, 256));
            checks.equal("a surface reference never found is refused", CUresult.CUDA_ERROR_INVALID_HANDLE,
                JCudaDriver.cuSurfRefSetArray(new CUsurfref(), array, 0));
        }
        line("cuMipmappedArrayDestroy", "", JCudaDriver.cuMipmappedArrayDestroy(mipmapped));
        line("cuArrayDestroy", "", JCudaDriver.cuArrayDestroy(array));
        line("cuMemFree", "", JCudaDriver.cuMemFree(memory));
    }

    private static void module(final Path kernels, final CUtexref texref, final Checks checks) throws Exception
    {
        final byte[] ptx = Files.readString(kernels.resolve("saxpy.ptx")).getBytes(StandardCharsets.UTF_8);
        final byte[] image = Arrays.copyOf(ptx, ptx.length + 1);
        final CUmodule module = new CUmodule();
        line("cuModuleLoadData", "", JCudaDriver.cuModuleLoadData(module, image));
        final CUtexref found = new CUtexref();
        line("cuModuleGetTexRef", "undeclared", JCudaDriver.cuModuleGetTexRef(found, module, "tex"));
        line("cuModuleGetSurfRef", "undeclared", JCudaDriver.cuModuleGetSurfRef(new CUsurfref(), module, "surf"));
        final CUfunction function = new CUfunction();
        line("cuModuleGetFunction", "", JCudaDriver.cuModuleGetFunction(function, module, "saxpy"));
        final int parameter = JCudaDriver.cuParamSetTexRef(function, PARAM_TR_DEFAULT, texref);
        line("cuParamSetTexRef", "", parameter);
        if (checks != null)
        {
            checks.equal("cuModuleGetTexRef of a name the module does not declare", CUresult.CUDA_ERROR_NOT_FOUND,
                JCudaDriver.cuModuleGetTexRef(found, module, "tex"));
            checks.equal("cuParamSetTexRef is not supported on the emulator", CUresult.CUDA_ERROR_NOT_SUPPORTED,
                parameter);
        }
        line("cuModuleUnload", "", JCudaDriver.cuModuleUnload(module));

        // A module that declares a texture reference (and uses none).
        final String source = new String(ptx, StandardCharsets.UTF_8);
        final int entry = source.indexOf(".visible .entry");
        final byte[] declaring = (source.substring(0, entry) + ".global .texref tex;\n" + source.substring(entry) +
            "\0").getBytes(StandardCharsets.UTF_8);
        final CUmodule withReference = new CUmodule();
        final int loaded = JCudaDriver.cuModuleLoadData(withReference, declaring);
        line("cuModuleLoadData", "declaring-a-texref", loaded);
        if (checks != null)
        {
            checks.equal("a module declaring a texture reference loads", 0, loaded);
        }
        if (loaded != 0)
        {
            return;
        }
        final CUtexref declared = new CUtexref();
        line("cuModuleGetTexRef", "declared", JCudaDriver.cuModuleGetTexRef(declared, withReference, "tex"),
            !declared.equals(new CUtexref()));
        final CUtexref again = new CUtexref();
        line("cuModuleGetTexRef", "again", JCudaDriver.cuModuleGetTexRef(again, withReference, "tex"),
            again.equals(declared) ? "the-same" : "another");
        line("cuTexRefSetFilterMode", "declared", JCudaDriver.cuTexRefSetFilterMode(declared, 1));
        final int[] mode = { -1 };
        line("cuTexRefGetFilterMode", "declared", JCudaDriver.cuTexRefGetFilterMode(mode, declared), mode[0]);
        line("cuModuleGetTexRef", "undeclared-in-declaring",
            JCudaDriver.cuModuleGetTexRef(new CUtexref(), withReference, "other"));
        if (checks != null)
        {
            checks.check("the module's texture reference is found, the same each time", again.equals(declared) &&
                !declared.equals(new CUtexref()));
            checks.equal("its filter mode", 1, mode[0]);
        }
        line("cuModuleUnload", "declaring-a-texref", JCudaDriver.cuModuleUnload(withReference));
    }

    /**
     * What gpurelay refuses and a local GPU need not: a destroyed reference, one of a destroyed context.
     */
    private static void refusals(final CUcontext context, final CUdevice device, final Checks checks)
    {
        final CUtexref destroyed = new CUtexref();
        checks.equal("cuTexRefCreate", 0, JCudaDriver.cuTexRefCreate(destroyed));
        checks.equal("cuTexRefDestroy", 0, JCudaDriver.cuTexRefDestroy(destroyed));
        checks.equal("a destroyed reference is refused", CUresult.CUDA_ERROR_INVALID_HANDLE,
            JCudaDriver.cuTexRefSetFlags(destroyed, 0));
        checks.equal("and destroyed only once", CUresult.CUDA_ERROR_INVALID_HANDLE,
            JCudaDriver.cuTexRefDestroy(destroyed));

        final CUcontext other = new CUcontext();
        checks.equal("cuCtxCreate", 0, JCudaDriver.cuCtxCreate(other, 0, device));
        final CUtexref ofOther = new CUtexref();
        checks.equal("cuTexRefCreate in another context", 0, JCudaDriver.cuTexRefCreate(ofOther));
        checks.equal("cuCtxDestroy", 0, JCudaDriver.cuCtxDestroy(other));
        checks.equal("cuCtxSetCurrent", 0, JCudaDriver.cuCtxSetCurrent(context));
        checks.equal("a reference of a destroyed context is refused", CUresult.CUDA_ERROR_INVALID_HANDLE,
            JCudaDriver.cuTexRefSetFlags(ofOther, 0));
    }

    /**
     * The device address a {@link CUdeviceptr} holds, as JCuda prints it ({@code nativePointer} plus
     * {@code byteOffset}): JCuda has no public getter for it.
     */
    private static long address(final CUdeviceptr pointer)
    {
        final String text = pointer.toString();
        final int pointerAt = text.indexOf("nativePointer=0x") + "nativePointer=0x".length();
        final int offsetAt = text.indexOf(",byteOffset=");
        return Long.parseUnsignedLong(text.substring(pointerAt, offsetAt), 16) +
            Long.parseLong(text.substring(offsetAt + ",byteOffset=".length(), text.indexOf(']', offsetAt)));
    }

    private static String floats(final float[] values)
    {
        final StringBuilder text = new StringBuilder();
        for (final float value : values)
        {
            text.append(text.length() == 0 ? "" : ",").append(String.format(Locale.ROOT, "%a", value));
        }
        return text.toString();
    }

}
