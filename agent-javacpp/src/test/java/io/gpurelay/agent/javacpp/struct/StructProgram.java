package io.gpurelay.agent.javacpp.struct;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bytedeco.cuda.cudart.CUDA_MEMCPY3D_v2;
import org.bytedeco.cuda.cudart.CUuuid_st;
import org.bytedeco.cuda.cudart.__half;
import org.bytedeco.cuda.cudart.cudaConditionalNodeParams;
import org.bytedeco.cuda.cudart.cudaDeviceProp;
import org.bytedeco.cuda.cudart.cudaExtent;
import org.bytedeco.cuda.cudart.cudaKernelNodeParams;
import org.bytedeco.cuda.cudart.cudaMemcpy3DParms;
import org.bytedeco.cuda.cudart.cudaPointerAttributes;
import org.bytedeco.cuda.cudart.cudaResourceDesc;
import org.bytedeco.cuda.cudart.dim3;
import org.bytedeco.cuda.cudart.uint3;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;

/**
 * Uses the CUDA presets' struct classes as a JavaCPP program would, in a JVM started with the agent's rewriting
 * (StructTestAgent) on a machine without CUDA. Prints one line per failed check and "all checks passed" at the end;
 * exits 1 on any failure. It also fails if the preset's JNI library or CUDA's runtime got mapped into the process, or
 * if the struct classes' natives were not rewritten: then the natives, not the layouts, would have answered.
 */
public final class StructProgram
{
    private static final List<String> FAILURES = new ArrayList<>();

    private StructProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final StructLayouts layouts = StructLayouts.get();
        final StructLayout prop = layouts.layout(cudaDeviceProp.class.getName());

        // dim3: C++ default constructor (1, 1, 1), the member constructor, the copy from uint3, setters returning this.
        final dim3 defaults = new dim3();
        check(defaults.x() == 1 && defaults.y() == 1 && defaults.z() == 1, "new dim3() is 1,1,1: " + defaults.x());
        check(new dim3().x(4).x() == 4, "new dim3().x(4).x() == 4");
        final dim3 grid = new dim3(2, 3, 4);
        check(grid.x() == 2 && grid.y() == 3 && grid.z() == 4, "new dim3(2, 3, 4)");
        check(new dim3(new uint3().x(7).y(8).z(9)).z() == 9, "new dim3(uint3)");
        check(Loader.sizeof(dim3.class) == 12 && grid.sizeof() == 12, "sizeof(dim3) == 12: " + grid.sizeof());

        // cudaDeviceProp: scalars, size_t, char name[256], indexed int arrays, the nested uuid.
        final cudaDeviceProp p = new cudaDeviceProp();
        check(p.capacity() == 1 && p.limit() == 1 && p.position() == 0, "allocate() sets capacity and limit 1");
        check(p.major() == 0 && p.totalGlobalMem() == 0, "allocate() zeroes the struct");
        check(p.major(9).minor(0) == p, "setters return this");
        check(p.major() == 9, "major");
        p.totalGlobalMem(85L << 30);
        check(p.totalGlobalMem() == 85L << 30, "totalGlobalMem (size_t)");
        check(readInt(p, prop, "major") == 9, "major lies at its offset from the headers");
        final BytePointer name = p.name();
        check(name.address() == p.address() + prop.member("name").offset(), "name() points into the struct");
        name.putString("NVIDIA H100 80GB HBM3");
        check(p.name().getString().equals("NVIDIA H100 80GB HBM3"), "name() reads back: " + p.name().getString());
        check(p.name(0) == 'N', "name(0)");
        p.name(1, (byte)'X');
        check(p.name().getString().startsWith("NX"), "name(1, 'X')");
        p.maxThreadsDim(0, 1024).maxThreadsDim(1, 1024).maxThreadsDim(2, 64);
        check(p.maxThreadsDim(2) == 64, "maxThreadsDim(2)");
        final IntPointer dims = p.maxThreadsDim();
        check(dims.get(1) == 1024, "maxThreadsDim() as IntPointer");
        expect(IndexOutOfBoundsException.class, () -> p.maxThreadsDim(3), "maxThreadsDim(3) is out of bounds");
        expect(IndexOutOfBoundsException.class, () -> p.maxThreadsDim(-1), "maxThreadsDim(-1) is out of bounds");
        check(p.uuid().address() == p.address() + prop.member("uuid").offset(), "uuid() is a view into the struct");
        final CUuuid_st uuid = new CUuuid_st().bytes(0, (byte)0x5a).bytes(15, (byte)0xa5);
        check(uuid.bytes(15) == (byte)0xa5, "CUuuid_st.bytes");
        check(Loader.sizeof(cudaDeviceProp.class) == prop.size() && p.sizeof() == prop.size(),
            "sizeof(cudaDeviceProp) from the layouts: " + p.sizeof());
        check(Loader.offsetof(cudaDeviceProp.class, "totalGlobalMem") == prop.member("totalGlobalMem").offset(),
            "Loader.offsetof(cudaDeviceProp, totalGlobalMem)");
        check(p.offsetof("multiProcessorCount") == prop.member("multiProcessorCount").offset(), "Pointer.offsetof");

        // The helpers the agent's own code uses, and filling the struct from the executor's properties.
        check(JavaCppStructs.getLong(p, "totalGlobalMem") == 85L << 30, "JavaCppStructs.getLong");
        JavaCppStructs.putInt(p, "major", 8);
        check(p.major() == 8, "JavaCppStructs.putInt");
        check(JavaCppStructs.sizeof(cudaDeviceProp.class) == prop.size(), "JavaCppStructs.sizeof");
        check(JavaCppStructs.offsetof(cudaDeviceProp.class, "minor") == prop.member("minor").offset(),
            "JavaCppStructs.offsetof");
        final cudaDeviceProp filled = new cudaDeviceProp();
        JavaCppDeviceProperties.fill(filled, Map.of("name", "NVIDIA H100 80GB HBM3", "major", "9", "minor", "0",
            "maxGridSize", "2147483647,65535,65535", "uuid", "00112233445566778899aabbccddeeff",
            "totalGlobalMem", "85029158912"));
        check(filled.name().getString().equals("NVIDIA H100 80GB HBM3") && filled.major() == 9 &&
            filled.maxGridSize(0) == Integer.MAX_VALUE && filled.maxGridSize(2) == 65535 &&
            filled.totalGlobalMem() == 85029158912L, "JavaCppDeviceProperties.fill, read through the accessors");
        check(new BytePointer(filled.uuid()).get(15) == (byte)0xff, "the uuid filled");
        check(JavaCppStructs.getBytes(filled, "uuid")[1] == 0x11, "JavaCppStructs.getBytes");
        JavaCppStructs.putBytes(filled, "luid", new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        check(filled.luid(7) == 8, "JavaCppStructs.putBytes");
        check(JavaCppStructs.structAddress(filled) == filled.address(), "JavaCppStructs.structAddress");
        final cudaDeviceProp pair = new cudaDeviceProp(2);
        check(JavaCppStructs.structAddress(pair.position(1)) == pair.address() + prop.size(),
            "JavaCppStructs.structAddress counts the position in structs");

        // Arrays of structs: position and getPointer count in structs.
        final cudaDeviceProp three = new cudaDeviceProp(3);
        check(three.capacity() == 3 && three.limit() == 3, "allocateArray(3) sets capacity and limit 3");
        three.position(2).major(7);
        check(three.position(0).getPointer(0).major() == 0 && three.getPointer(2).major() == 7,
            "position and getPointer step by sizeof");
        check(three.getPointer(2).address() == three.address() + 2L * prop.size(), "getPointer(2)'s address");
        check(readInt(three, prop, "major") == 0, "position 0 untouched");
        three.close();
        check(three.isNull(), "close() frees and clears the pointer");

        // Nested struct members: views that write through, and setters that copy.
        final cudaMemcpy3DParms parms = new cudaMemcpy3DParms();
        parms.extent().width(100).height(20).depth(3);
        check(parms.extent().width() == 100 && parms.extent().depth() == 3, "extent() writes through");
        parms.srcPtr().pitch(512).xsize(100);
        parms.dstPos().z(6);
        check(parms.srcPtr().pitch() == 512 && parms.dstPos().z() == 6, "srcPtr and dstPos");
        parms.extent(new cudaExtent().width(1).height(2).depth(5));
        check(parms.extent().width() == 1 && parms.extent().depth() == 5, "extent(cudaExtent) copies");
        expect(NullPointerException.class, () -> parms.extent(null), "extent(null) is a NullPointerException");
        parms.kind(4);
        check(parms.kind() == 4, "kind");

        final CUDA_MEMCPY3D_v2 copy = new CUDA_MEMCPY3D_v2();
        copy.srcXInBytes(16).srcMemoryType(1).WidthInBytes(4096).dstDevice(0x7f00_0000_1000L);
        check(copy.srcXInBytes() == 16 && copy.srcMemoryType() == 1 && copy.WidthInBytes() == 4096 &&
            copy.dstDevice() == 0x7f00_0000_1000L, "CUDA_MEMCPY3D members");

        // Pointer members: the value is an address, NULL reads as null.
        final cudaPointerAttributes attributes = new cudaPointerAttributes();
        check(attributes.devicePointer() == null, "a NULL pointer member reads as null");
        final LongPointer host = new LongPointer(4);
        attributes.hostPointer(host);
        check(attributes.hostPointer().address() == host.address(), "hostPointer stores the address");
        attributes.hostPointer(host.position(2));
        check(attributes.hostPointer().address() == host.address() + 16, "a pointer argument's position counts");
        attributes.hostPointer(null);
        check(attributes.hostPointer() == null, "hostPointer(null)");
        final cudaKernelNodeParams kernel = new cudaKernelNodeParams();
        final PointerPointer<Pointer> parameters = new PointerPointer<>(2);
        kernel.kernelParams(parameters);
        kernel.kernelParams(1, host.position(0));
        check(parameters.get(1).address() == host.address() && kernel.kernelParams(1).address() == host.address(),
            "kernelParams(i) through the void** member");
        kernel.gridDim().x(128);
        check(kernel.gridDim().x() == 128, "gridDim (dim3 member)");

        // Members of nested unions, named by path.
        final cudaResourceDesc resource = new cudaResourceDesc();
        resource.res_linear_sizeInBytes(1 << 20);
        check(resource.res_linear_sizeInBytes() == 1 << 20, "res.linear.sizeInBytes");
        check(resource.res_pitch2D_width() == 1 << 20, "the union's members share their storage");

        // What the layouts do not cover fails clearly.
        expect(UnsupportedOperationException.class, () -> new cudaConditionalNodeParams().ctx(),
            "a member the CUDA 13.0 headers lack");
        expect(UnsupportedOperationException.class, () -> new __half().asFloat(), "a C++ operator");
        check(Loader.sizeof(__half.class) == 2, "sizeof(__half)");

        // The natives were rewritten, and neither the preset's JNI library nor CUDA's runtime was loaded.
        check(renamedNatives(cudaDeviceProp.class) > 0, "cudaDeviceProp's natives were rewritten (renamed)");
        final String maps = Files.exists(Path.of("/proc/self/maps")) ? Files.readString(Path.of("/proc/self/maps")) : "";
        check(!maps.contains("jnicudart") && !maps.contains("libcudart"), "no jnicudart or libcudart in the process");
        check(maps.isEmpty() || maps.contains("jnijavacpp"), "JavaCPP's own core is loaded");

        for (final String failure : FAILURES)
        {
            System.out.println("FAILED: " + failure);
        }
        System.out.println(FAILURES.isEmpty() ? "all checks passed" : FAILURES.size() + " checks failed");
        System.exit(FAILURES.isEmpty() ? 0 : 1);
    }

    private static int readInt(final Pointer struct, final StructLayout layout, final String member)
    {
        final IntPointer view = new IntPointer(struct);
        return view.position(0).capacity(0).get(layout.member(member).offset() / 4);
    }

    private static int renamedNatives(final Class<?> type)
    {
        int renamed = 0;
        for (final Method method : type.getDeclaredMethods())
        {
            if (method.getName().startsWith("gpurelay$"))
            {
                renamed++;
            }
        }
        return renamed;
    }

    private static void check(final boolean condition, final String what)
    {
        if (!condition)
        {
            FAILURES.add(what);
        }
    }

    private static void expect(final Class<? extends Throwable> expected, final Runnable action, final String what)
    {
        try
        {
            action.run();
            FAILURES.add(what + ": nothing thrown");
        }
        catch (final Throwable thrown)
        {
            if (!expected.isInstance(thrown))
            {
                FAILURES.add(what + ": " + thrown);
            }
            else
            {
                System.out.println(what + ": " + thrown.getMessage());
            }
        }
    }

}
