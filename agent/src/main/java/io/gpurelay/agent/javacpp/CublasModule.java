package io.gpurelay.agent.javacpp;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.jcuda.blas.CublasPointerModes;
import io.gpurelay.agent.jcuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.cublas}: handles and the v2 routines ({@code cublasSgemm_v2}, ...) on
 * the same calls JCuda's {@code JCublas2} makes. A routine is described by one line: its C arguments after the handle
 * as letters, which say how each travels ({@code i} an integer, {@code s} a scalar of the routine's type read as the
 * handle's pointer mode says, {@code r} a real scalar, {@code d} a device pointer, {@code t} where a reduction's result
 * goes). Real (S, D) routines travel as their own calls; complex (C, Z) ones as their typed family's, whose arguments
 * start with the element type and, for families that merge routines, a flag.
 */
public final class CublasModule extends JavaCppModule
{
    private static final long NO_FLAG = -1;

    /**
     * The element type of a routine: its {@code cudaDataType}, the bytes of one real, whether it is complex.
     */
    private enum Element
    {
        S(0, Float.BYTES, false),
        D(1, Double.BYTES, false),
        C(4, Float.BYTES, true),
        Z(5, Double.BYTES, true);

        final int dataType;
        final int realBytes;
        final boolean complex;

        Element(final int dataType, final int realBytes, final boolean complex)
        {
            this.dataType = dataType;
            this.realBytes = realBytes;
            this.complex = complex;
        }
    }

    public CublasModule()
    {
        super("cublas", CublasStatus.NOT_SUPPORTED, "CUBLAS_STATUS_NOT_SUPPORTED", CublasStatus.INVALID_VALUE,
            "CUBLAS_STATUS_INVALID_VALUE",
            List.of("org.bytedeco.cuda.global.cublas", "org.bytedeco.cuda.presets.cublas",
                "org.bytedeco.cuda.cublas."));
        handles();
        // Level 1. Every routine is remoted in its 32-bit and its _64 form.
        real("axpy", Function.CUBLAS_SAXPY, Function.CUBLAS_DAXPY, "isdidi", 0);
        complex("axpy", Function.CUBLAS_AXPY_X, NO_FLAG, "isdidi", 0, 0);
        real("copy", Function.CUBLAS_SCOPY, Function.CUBLAS_DCOPY, "ididi", 0);
        complex("copy", Function.CUBLAS_COPY_X, NO_FLAG, "ididi", 0, 0);
        real("swap", Function.CUBLAS_SSWAP, Function.CUBLAS_DSWAP, "ididi", 0);
        complex("swap", Function.CUBLAS_SWAP_X, NO_FLAG, "ididi", 0, 0);
        real("scal", Function.CUBLAS_SSCAL, Function.CUBLAS_DSCAL, "isdi", 0);
        complex("scal", Function.CUBLAS_SCAL_X, 0, "isdi", 0, 0);
        routine("cublasCsscal_v2", Function.CUBLAS_SCAL_X, Element.C, 1, "irdi", 0, 0);
        routine("cublasZdscal_v2", Function.CUBLAS_SCAL_X, Element.Z, 1, "irdi", 0, 0);
        real("dot", Function.CUBLAS_SDOT, Function.CUBLAS_DDOT, "ididit", 1);
        complex("dotu", Function.CUBLAS_DOT_X, 0, "ididit", -1, 2);
        complex("dotc", Function.CUBLAS_DOT_X, 1, "ididit", -1, 2);
        real("nrm2", Function.CUBLAS_SNRM2, Function.CUBLAS_DNRM2, "idit", 1);
        routine("cublasScnrm2_v2", Function.CUBLAS_NRM2_X, Element.C, NO_FLAG, "idit", -1, 1);
        routine("cublasDznrm2_v2", Function.CUBLAS_NRM2_X, Element.Z, NO_FLAG, "idit", -1, 1);
        real("asum", Function.CUBLAS_SASUM, Function.CUBLAS_DASUM, "idit", 1);
        routine("cublasScasum_v2", Function.CUBLAS_ASUM_X, Element.C, NO_FLAG, "idit", -1, 1);
        routine("cublasDzasum_v2", Function.CUBLAS_ASUM_X, Element.Z, NO_FLAG, "idit", -1, 1);
        routine("cublasIsamax_v2", Function.CUBLAS_ISAMAX, Element.S, NO_FLAG, "idit", Integer.BYTES, 1);
        routine("cublasIdamax_v2", Function.CUBLAS_IDAMAX, Element.D, NO_FLAG, "idit", Integer.BYTES, 1);
        routine("cublasIsamin_v2", Function.CUBLAS_ISAMIN, Element.S, NO_FLAG, "idit", Integer.BYTES, 1);
        routine("cublasIdamin_v2", Function.CUBLAS_IDAMIN, Element.D, NO_FLAG, "idit", Integer.BYTES, 1);
        routine("cublasIcamax_v2", Function.CUBLAS_IAMAX_X, Element.C, 0, "idit", Integer.BYTES, 1);
        routine("cublasIzamax_v2", Function.CUBLAS_IAMAX_X, Element.Z, 0, "idit", Integer.BYTES, 1);
        routine("cublasIcamin_v2", Function.CUBLAS_IAMAX_X, Element.C, 1, "idit", Integer.BYTES, 1);
        routine("cublasIzamin_v2", Function.CUBLAS_IAMAX_X, Element.Z, 1, "idit", Integer.BYTES, 1);
        real("rot", Function.CUBLAS_SROT, Function.CUBLAS_DROT, "ididiss", 0);
        // Level 2.
        real("gemv", Function.CUBLAS_SGEMV, Function.CUBLAS_DGEMV, "iiisdidisdi", 0);
        complex("gemv", Function.CUBLAS_GEMV_X, NO_FLAG, "iiisdidisdi", 0, 0);
        real("ger", Function.CUBLAS_SGER, Function.CUBLAS_DGER, "iisdididi", 0);
        complex("geru", Function.CUBLAS_GER_X, 0, "iisdididi", 0, 0);
        complex("gerc", Function.CUBLAS_GER_X, 1, "iisdididi", 0, 0);
        real("symv", Function.CUBLAS_SSYMV, Function.CUBLAS_DSYMV, "iisdidisdi", 0);
        complex("symv", Function.CUBLAS_SYMV_X, 0, "iisdidisdi", 0, 0);
        complex("hemv", Function.CUBLAS_SYMV_X, 1, "iisdidisdi", 0, 0);
        real("trmv", Function.CUBLAS_STRMV, Function.CUBLAS_DTRMV, "iiiididi", 0);
        complex("trmv", Function.CUBLAS_TRMV_X, 0, "iiiididi", 0, 0);
        real("trsv", Function.CUBLAS_STRSV, Function.CUBLAS_DTRSV, "iiiididi", 0);
        complex("trsv", Function.CUBLAS_TRMV_X, 1, "iiiididi", 0, 0);
        // Level 3.
        real("gemm", Function.CUBLAS_SGEMM, Function.CUBLAS_DGEMM, "iiiiisdidisdi", 0);
        complex("gemm", Function.CUBLAS_GEMM_X, NO_FLAG, "iiiiisdidisdi", 0, 0);
        real("symm", Function.CUBLAS_SSYMM, Function.CUBLAS_DSYMM, "iiiisdidisdi", 0);
        complex("symm", Function.CUBLAS_SYMM_X, 0, "iiiisdidisdi", 0, 0);
        complex("hemm", Function.CUBLAS_SYMM_X, 1, "iiiisdidisdi", 0, 0);
        real("syrk", Function.CUBLAS_SSYRK, Function.CUBLAS_DSYRK, "iiiisdisdi", 0);
        complex("syrk", Function.CUBLAS_SYRK_X, 0, "iiiisdisdi", 0, 0);
        complex("herk", Function.CUBLAS_SYRK_X, 1, "iiiirdirdi", 0, 0);
        real("trmm", Function.CUBLAS_STRMM, Function.CUBLAS_DTRMM, "iiiiiisdididi", 0);
        complex("trmm", Function.CUBLAS_TRMM_X, NO_FLAG, "iiiiiisdididi", 0, 0);
        real("trsm", Function.CUBLAS_STRSM, Function.CUBLAS_DTRSM, "iiiiiisdidi", 0);
        complex("trsm", Function.CUBLAS_TRSM_X, NO_FLAG, "iiiiiisdidi", 0, 0);
        routine("cublasSgeam", Function.CUBLAS_SGEAM, Element.S, NO_FLAG, "iiiisdisdidi", 0, 0);
        routine("cublasDgeam", Function.CUBLAS_DGEAM, Element.D, NO_FLAG, "iiiisdisdidi", 0, 0);
    }

    private void handles()
    {
        function("cublasCreate_v2", a ->
        {
            JavaCppRuntime.requireOutput(a, 0);
            final long[] results = new long[1];
            final int status = call(Function.CUBLAS_CREATE, new long[0], results);
            if (status == CublasStatus.SUCCESS)
            {
                CublasPointerModes.created(results[0]);
                a.setHandle(0, results[0]);
            }
            return status;
        });
        function("cublasDestroy_v2", a ->
        {
            final long handle = a.handle(0);
            final int status = call(Function.CUBLAS_DESTROY, new long[]{ handle }, null);
            if (status == CublasStatus.SUCCESS)
            {
                CublasPointerModes.destroyed(handle);
            }
            return status;
        });
        function("cublasGetVersion_v2", a -> query(a, Function.CUBLAS_GET_VERSION));
        function("cublasSetStream_v2", a -> call(Function.CUBLAS_SET_STREAM,
            new long[]{ a.handle(0), a.stream(1) }, null));
        function("cublasGetStream_v2", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            final long[] results = new long[1];
            final int status = call(Function.CUBLAS_GET_STREAM, new long[]{ a.handle(0) }, results);
            if (status == CublasStatus.SUCCESS)
            {
                a.setHandle(1, results[0]);
            }
            return status;
        });
        function("cublasGetPointerMode_v2", a -> query(a, Function.CUBLAS_GET_POINTER_MODE));
        function("cublasSetPointerMode_v2", a ->
        {
            final long handle = a.handle(0);
            final int mode = a.intValue(1);
            final int status = call(Function.CUBLAS_SET_POINTER_MODE, new long[]{ handle, mode }, null);
            if (status == CublasStatus.SUCCESS)
            {
                CublasPointerModes.set(handle, mode);
            }
            return status;
        });
        function("cublasGetMathMode", a -> query(a, Function.CUBLAS_GET_MATH_MODE));
        function("cublasSetMathMode", a -> call(Function.CUBLAS_SET_MATH_MODE,
            new long[]{ a.handle(0), a.intValue(1) }, null));
    }

    private void real(final String name, final Function single, final Function doubled, final String signature,
        final int reductionParts)
    {
        routine("cublasS" + name + "_v2", single, Element.S, NO_FLAG, signature, reductionParts == 0 ? 0 : -1,
            reductionParts);
        routine("cublasD" + name + "_v2", doubled, Element.D, NO_FLAG, signature, reductionParts == 0 ? 0 : -1,
            reductionParts);
    }

    private void complex(final String name, final Function family, final long flag, final String signature,
        final int partBytes, final int reductionParts)
    {
        routine("cublasC" + name + "_v2", family, Element.C, flag, signature, partBytes, reductionParts);
        routine("cublasZ" + name + "_v2", family, Element.Z, flag, signature, partBytes, reductionParts);
    }

    /**
     * @param partBytes      the bytes of each part of a reduction's result: -1 for the element's real, else as given.
     * @param reductionParts how many values a reduction writes to its result (0 for a routine that is not one).
     */
    private void routine(final String name, final Function function, final Element element, final long flag,
        final String signature, final int partBytes, final int reductionParts)
    {
        final boolean typed = element.complex || function.name().endsWith("_X");
        final int bytes = partBytes < 0 ? element.realBytes : partBytes;
        function(name, a -> run(a, function, element, typed, flag, signature, bytes, reductionParts));
        // The _64 form: its sizes, increments and leading dimensions are 64-bit and travel as they are (the executor
        // refuses, by name, a value beyond what cuBLAS's 32-bit routine takes); an index result is 64-bit too.
        final int bytes64 = bytes == Integer.BYTES && reductionParts == 1 && name.startsWith("cublasI") ? Long.BYTES :
            bytes;
        function(name + "_64", a -> run(a, function, element, typed, flag, signature, bytes64, reductionParts));
    }

    private static int run(final JavaCppArgs a, final Function function, final Element element, final boolean typed,
        final long flag, final String signature, final int partBytes, final int parts)
    {
        if (signature.length() + 1 != a.count())
        {
            throw new IllegalStateException(a.method().qualifiedName() + " takes " + a.count() + " arguments, its " +
                "description " + (signature.length() + 1));
        }
        final long handle = a.handle(0);
        final boolean deviceMode = CublasPointerModes.deviceMode(handle);
        long[] wire = new long[2 + 2 * signature.length()];
        int size = 0;
        wire[size++] = handle;
        if (typed)
        {
            wire[size++] = element.dataType;
            if (flag != NO_FLAG)
            {
                wire[size++] = flag;
            }
        }
        int target = -1;
        for (int i = 0; i < signature.length(); i++)
        {
            final int index = i + 1;
            switch (signature.charAt(i))
            {
                case 'i' -> wire[size++] = a.longValue(index);
                case 'd' -> wire[size++] = device(a, index);
                case 's', 'r' ->
                {
                    final boolean complex = element.complex && signature.charAt(i) == 's';
                    if (deviceMode)
                    {
                        wire[size++] = device(a, index);
                        if (typed)
                        {
                            wire[size++] = 0;
                        }
                    }
                    else
                    {
                        final long[] reals = reals(a, index, element.realBytes, complex ? 2 : 1);
                        wire[size++] = reals[0];
                        if (typed)
                        {
                            wire[size++] = complex ? reals[1] : 0;
                        }
                    }
                }
                case 't' ->
                {
                    target = index;
                    JavaCppRuntime.requireOutput(a, index);
                    wire[size++] = deviceMode ? device(a, index) : 0;
                }
                default -> throw new IllegalStateException("unknown argument letter " + signature.charAt(i));
            }
        }
        wire = Arrays.copyOf(wire, size);
        if (parts == 0 || deviceMode)
        {
            return call(function, wire, null);
        }
        final long[] results = new long[parts];
        final int status = call(function, wire, results);
        if (status == CublasStatus.SUCCESS)
        {
            final UnsafeBuffer value = new UnsafeBuffer(new byte[Long.BYTES * parts]);
            for (int i = 0; i < parts; i++)
            {
                value.putLong(i * partBytes, results[i], ByteOrder.LITTLE_ENDIAN);
            }
            final byte[] bytes = Arrays.copyOf(value.byteArray(), partBytes * parts);
            a.writeBytes(target, bytes, bytes.length);
        }
        return status;
    }

    /**
     * A matrix, vector or device-mode scalar: a device pointer; a Java array or buffer is host memory and refused.
     */
    private static long device(final JavaCppArgs a, final int index)
    {
        return a.devicePointer(index);
    }

    /**
     * {@code count} consecutive reals of {@code bytes} each at a host-mode scalar: their raw bits.
     */
    private static long[] reals(final JavaCppArgs a, final int index, final int bytes, final int count)
    {
        final byte[] raw = a.bytes(index, (long)bytes * count);
        final UnsafeBuffer buffer = new UnsafeBuffer(raw);
        final long[] reals = new long[count];
        for (int i = 0; i < count; i++)
        {
            reals[i] = bytes == Float.BYTES ?
                Integer.toUnsignedLong(buffer.getInt(i * bytes, ByteOrder.LITTLE_ENDIAN)) :
                buffer.getLong(i * bytes, ByteOrder.LITTLE_ENDIAN);
        }
        return reals;
    }

    private static int query(final JavaCppArgs a, final Function function)
    {
        JavaCppRuntime.requireOutput(a, 1);
        final long[] results = new long[1];
        final int status = call(function, new long[]{ a.handle(0) }, results);
        if (status == CublasStatus.SUCCESS)
        {
            a.setInt(1, (int)results[0]);
        }
        return status;
    }

    /**
     * A call on the calling thread's current device; a client without an executor is CUBLAS_STATUS_NOT_INITIALIZED.
     */
    private static int call(final Function function, final long[] args, final long[] results)
    {
        final int status = DeviceRouter.installed().call(function, RuntimeThreadState.currentDevice(), args, null,
            null, results);
        if (status == RuntimeStatus.DEVICES_UNAVAILABLE)
        {
            AgentLog.warnOnce("cublas: no executor; returning CUBLAS_STATUS_NOT_INITIALIZED");
            return CublasStatus.NOT_INITIALIZED;
        }
        return status;
    }

    protected InstrumentationModule jcudaTwin()
    {
        return new io.gpurelay.agent.jcuda.blas.JCublas2Instrumentation();
    }
}
