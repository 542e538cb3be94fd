package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.cuCtxSetCurrent;
import static org.bytedeco.cuda.global.cufft.cufftCreate;
import static org.bytedeco.cuda.global.cufft.cufftDestroy;
import static org.bytedeco.cuda.global.cufft.cufftEstimateMany;
import static org.bytedeco.cuda.global.cufft.cufftExecC2C;
import static org.bytedeco.cuda.global.cufft.cufftExecC2R;
import static org.bytedeco.cuda.global.cufft.cufftExecD2Z;
import static org.bytedeco.cuda.global.cufft.cufftExecR2C;
import static org.bytedeco.cuda.global.cufft.cufftExecZ2D;
import static org.bytedeco.cuda.global.cufft.cufftExecZ2Z;
import static org.bytedeco.cuda.global.cufft.cufftGetSize;
import static org.bytedeco.cuda.global.cufft.cufftGetSizeMany64;
import static org.bytedeco.cuda.global.cufft.cufftGetVersion;
import static org.bytedeco.cuda.global.cufft.cufftMakePlanMany64;
import static org.bytedeco.cuda.global.cufft.cufftSetAutoAllocation;
import static org.bytedeco.cuda.global.cufft.cufftSetStream;
import static org.bytedeco.cuda.global.cufft.cufftSetWorkArea;

import java.util.ArrayList;
import java.util.List;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.FftSession;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import org.bytedeco.cuda.cudart.double2;
import org.bytedeco.cuda.cudart.float2;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.SizeTPointer;

/**
 * cuFFT on the GPU through JavaCPP's presets: the host's own cuFFT, so results are cuFFT's exactly. Every call runs
 * with the plan's context current; transforms run on the plan's stream, asynchronously, as cuFFT runs them. cuFFT
 * does not check data pointers, and a transform reading or writing outside the session's memory would fault the
 * context: the data's extent under the plan's layout ({@link CufftGeometry#input}, {@link CufftGeometry#output}) must
 * lie inside one allocation of the session each, and a work area the caller sets inside one allocation for the
 * plan's work size, else the call is {@code CUFFT_EXEC_FAILED} / {@code CUFFT_INVALID_VALUE} before anything runs.
 */
final class GpuFftSession implements FftSession
{
    private final DeviceAddressRanges<GpuContext, GpuModule> ranges;
    private final List<GpuPlan> plans = new ArrayList<>();

    GpuFftSession(final DeviceAddressRanges<GpuContext, GpuModule> ranges)
    {
        this.ranges = ranges;
    }

    public void getVersion(final CallResult result)
    {
        if (!usable(result))
        {
            return;
        }
        final int[] version = new int[1];
        if (check(cufftGetVersion(version), "cufftGetVersion", result))
        {
            result.value(version[0]);
        }
    }

    public Plan create(final BackendContext context, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        if (!usable(result) || !makeCurrent(gpuContext, "cufftCreate", result))
        {
            return null;
        }
        final int[] handle = new int[1];
        if (!check(cufftCreate(handle), "cufftCreate", result))
        {
            return null;
        }
        final GpuPlan plan = new GpuPlan(gpuContext, handle[0]);
        plans.add(plan);
        return plan;
    }

    public void destroy(final Plan plan)
    {
        final GpuPlan gpuPlan = (GpuPlan)plan;
        if (plans.remove(gpuPlan))
        {
            cuCtxSetCurrent(gpuPlan.context.handle());
            cufftDestroy(gpuPlan.handle);
        }
    }

    public void makePlan(final Plan plan, final CufftGeometry geometry, final CallResult result)
    {
        final GpuPlan gpuPlan = (GpuPlan)plan;
        if (!makeCurrent(gpuPlan.context, "cufftMakePlanMany64", result))
        {
            return;
        }
        try (SizeTPointer workSize = new SizeTPointer(1))
        {
            final boolean advanced = geometry.advanced();
            if (check(cufftMakePlanMany64(gpuPlan.handle, geometry.rank(), geometry.n(),
                advanced ? geometry.inembed() : null, geometry.istride(), geometry.idist(),
                advanced ? geometry.onembed() : null, geometry.ostride(), geometry.odist(), geometry.type(),
                geometry.batch(), workSize), "cufftMakePlanMany64 " + geometry, result))
            {
                gpuPlan.geometry = geometry;
                gpuPlan.workSize = workSize.get();
                result.value(workSize.get());
            }
        }
    }

    public void getSizeMany(final Plan plan, final CufftGeometry geometry, final CallResult result)
    {
        final GpuPlan gpuPlan = (GpuPlan)plan;
        if (!makeCurrent(gpuPlan.context, "cufftGetSizeMany64", result))
        {
            return;
        }
        try (SizeTPointer workSize = new SizeTPointer(1))
        {
            final boolean advanced = geometry.advanced();
            if (check(cufftGetSizeMany64(gpuPlan.handle, geometry.rank(), geometry.n(),
                advanced ? geometry.inembed() : null, geometry.istride(), geometry.idist(),
                advanced ? geometry.onembed() : null, geometry.ostride(), geometry.odist(), geometry.type(),
                geometry.batch(), workSize), "cufftGetSizeMany64 " + geometry, result))
            {
                result.value(workSize.get());
            }
        }
    }

    /**
     * cuFFT estimates through its 32-bit interface: a geometry with a value past {@code int} is
     * {@code CUFFT_INVALID_SIZE}, as cuFFT's 32-bit functions answer for it.
     */
    public void estimate(final BackendContext context, final CufftGeometry geometry, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        if (!usable(result) || !makeCurrent(gpuContext, "cufftEstimateMany", result))
        {
            return;
        }
        final int[] n = ints(geometry.n());
        final boolean advanced = geometry.advanced();
        final int[] inembed = advanced ? ints(geometry.inembed()) : null;
        final int[] onembed = advanced ? ints(geometry.onembed()) : null;
        if (n == null || advanced && (inembed == null || onembed == null) || !fitsInt(geometry.istride()) ||
            !fitsInt(geometry.idist()) || !fitsInt(geometry.ostride()) || !fitsInt(geometry.odist()) ||
            !fitsInt(geometry.batch()))
        {
            result.fail(error(CufftStatus.INVALID_SIZE), "cufftEstimateMany: " + geometry + " does not fit its " +
                "32-bit arguments");
            return;
        }
        try (SizeTPointer workSize = new SizeTPointer(1))
        {
            if (check(cufftEstimateMany(geometry.rank(), n, inembed, (int)geometry.istride(), (int)geometry.idist(),
                onembed, (int)geometry.ostride(), (int)geometry.odist(), geometry.type(), (int)geometry.batch(),
                workSize), "cufftEstimateMany " + geometry, result))
            {
                result.value(workSize.get());
            }
        }
    }

    public void getSize(final Plan plan, final CallResult result)
    {
        final GpuPlan gpuPlan = (GpuPlan)plan;
        if (!makeCurrent(gpuPlan.context, "cufftGetSize", result))
        {
            return;
        }
        try (SizeTPointer workSize = new SizeTPointer(1))
        {
            if (check(cufftGetSize(gpuPlan.handle, workSize), "cufftGetSize", result))
            {
                result.value(workSize.get());
            }
        }
    }

    public void setStream(final Plan plan, final BackendStream stream, final CallResult result)
    {
        final GpuPlan gpuPlan = (GpuPlan)plan;
        if (makeCurrent(gpuPlan.context, "cufftSetStream", result))
        {
            check(cufftSetStream(gpuPlan.handle, stream == null ? null : ((GpuStream)stream).handle()),
                "cufftSetStream", result);
        }
    }

    public void setAutoAllocation(final Plan plan, final boolean automatic, final CallResult result)
    {
        final GpuPlan gpuPlan = (GpuPlan)plan;
        if (makeCurrent(gpuPlan.context, "cufftSetAutoAllocation", result))
        {
            check(cufftSetAutoAllocation(gpuPlan.handle, automatic ? 1 : 0), "cufftSetAutoAllocation", result);
        }
    }

    /**
     * The work area must hold the plan's work size inside one allocation of the session (any address before the
     * plan is made, whose size is not known yet, must lie in one).
     */
    public void setWorkArea(final Plan plan, final long workArea, final CallResult result)
    {
        final GpuPlan gpuPlan = (GpuPlan)plan;
        final long size = Math.max(1, gpuPlan.workSize);
        if (workArea != 0 && ranges.holding(workArea, size) == null)
        {
            result.fail(error(CufftStatus.INVALID_VALUE), "cufftSetWorkArea: [0x" + Long.toHexString(workArea) +
                ", +" + size + " bytes) is not inside one allocation of this session");
            return;
        }
        if (makeCurrent(gpuPlan.context, "cufftSetWorkArea", result))
        {
            check(cufftSetWorkArea(gpuPlan.handle, new DeviceAddress(workArea)), "cufftSetWorkArea", result);
        }
    }

    public void exec(
        final Plan plan, final int type, final long input, final long output, final int direction,
        final CallResult result)
    {
        final GpuPlan gpuPlan = (GpuPlan)plan;
        final CufftGeometry geometry = gpuPlan.geometry;
        final String name = CufftGeometry.execName(type);
        final boolean inPlace = input == output;
        final long inBytes = geometry.input(inPlace).extentElements(geometry.batch()) * geometry.inputElementBytes();
        final long outBytes =
            geometry.output(inPlace).extentElements(geometry.batch()) * geometry.outputElementBytes();
        if (ranges.holding(input, inBytes) == null || ranges.holding(output, outBytes) == null)
        {
            result.fail(error(CufftStatus.EXEC_FAILED), name + ": input [0x" + Long.toHexString(input) + ", +" +
                inBytes + " bytes) or output [0x" + Long.toHexString(output) + ", +" + outBytes + " bytes) is not " +
                "inside one allocation of this session");
            return;
        }
        if (!makeCurrent(gpuPlan.context, name, result))
        {
            return;
        }
        final Pointer in = new DeviceAddress(input);
        final Pointer out = new DeviceAddress(output);
        final int status = switch (type)
        {
            case CufftGeometry.C2C -> cufftExecC2C(gpuPlan.handle, new float2(in), new float2(out), direction);
            case CufftGeometry.R2C -> cufftExecR2C(gpuPlan.handle, new FloatPointer(in), new float2(out));
            case CufftGeometry.C2R -> cufftExecC2R(gpuPlan.handle, new float2(in), new FloatPointer(out));
            case CufftGeometry.Z2Z -> cufftExecZ2Z(gpuPlan.handle, new double2(in), new double2(out), direction);
            case CufftGeometry.D2Z -> cufftExecD2Z(gpuPlan.handle, new DoublePointer(in), new double2(out));
            case CufftGeometry.Z2D -> cufftExecZ2D(gpuPlan.handle, new double2(in), new DoublePointer(out));
            default -> CufftStatus.INVALID_TYPE;
        };
        check(status, name, result);
    }

    public void close()
    {
        for (final GpuPlan plan : plans)
        {
            cuCtxSetCurrent(plan.context.handle());
            cufftDestroy(plan.handle);
        }
        plans.clear();
    }

    /**
     * Destroy the plans made in a context that is about to be destroyed, while their work areas can still be freed.
     */
    void destroyPlans(final GpuContext context)
    {
        plans.removeIf(plan ->
        {
            if (plan.context != context)
            {
                return false;
            }
            cuCtxSetCurrent(context.handle());
            cufftDestroy(plan.handle);
            return true;
        });
    }

    private static int[] ints(final long[] values)
    {
        final int[] ints = new int[values.length];
        for (int i = 0; i < values.length; i++)
        {
            if (!fitsInt(values[i]))
            {
                return null;
            }
            ints[i] = (int)values[i];
        }
        return ints;
    }

    private static boolean fitsInt(final long value)
    {
        return value == (int)value;
    }

    private static CudaError error(final int status)
    {
        return CudaError.library(Api.CUFFT, status, CufftStatus.name(status));
    }

    private static boolean usable(final CallResult result)
    {
        final String reason = GpuLibraries.cufftUnusableReason();
        if (reason != null)
        {
            result.fail(error(CufftStatus.SETUP_FAILED), reason);
            return false;
        }
        return true;
    }

    private static boolean makeCurrent(final GpuContext context, final String name, final CallResult result)
    {
        final int status = cuCtxSetCurrent(context.handle());
        if (status != CUDA_SUCCESS)
        {
            result.fail(error(CufftStatus.SETUP_FAILED), name + ": making the context current: " +
                GpuRuntime.errorName(status));
            return false;
        }
        return true;
    }

    private static boolean check(final int status, final String what, final CallResult result)
    {
        if (status == CufftStatus.SUCCESS)
        {
            return true;
        }
        result.fail(error(status), what + ": " + CufftStatus.name(status));
        return false;
    }

    /**
     * A device address as the typed pointers of JavaCPP's cuFFT functions take it.
     */
    private static final class DeviceAddress extends Pointer
    {
        DeviceAddress(final long address)
        {
            this.address = address;
        }
    }

    /**
     * A {@code cufftHandle} and what the session knows of it: its shape and work size once made.
     */
    private static final class GpuPlan implements Plan
    {
        private final GpuContext context;
        private final int handle;
        private CufftGeometry geometry;
        private long workSize;

        GpuPlan(final GpuContext context, final int handle)
        {
            this.context = context;
            this.handle = handle;
        }

        public BackendContext context()
        {
            return context;
        }

        public CufftGeometry geometry()
        {
            return geometry;
        }
    }
}
