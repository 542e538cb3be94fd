package io.gpurelay.executor.backend.emulated;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.emulator.fft.Fft;
import io.gpurelay.emulator.fft.FftNd;
import io.gpurelay.emulator.memory.Allocation;
import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.FftSession;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftGeometry.Side;
import io.gpurelay.protocol.CufftStatus;

/**
 * cuFFT on the emulated devices: the device emulator's reference transform ({@link FftNd}), computed in double
 * precision and stored in the plan's precision, on the session's memory of the plan's device, with cuFFT's data
 * layouts ({@link CufftGeometry#input}, {@link CufftGeometry#output}). Results agree with cuFFT's to rounding, not bit
 * for bit. Work runs synchronously on the session's thread, so a plan's stream only orders what is already in order,
 * and the emulator needs no work area: every size it reports is 0, and a work area the caller sets is checked but not
 * used.
 */
final class EmulatedFftSession implements FftSession
{
    /**
     * {@code cufftGetVersion} of cuFFT 12.0, which ships with CUDA 13.0, the CUDA whose API the emulator reports.
     */
    static final int VERSION = 12000;

    private final EmulatedDevice[] devices;
    private final Object[] owners;
    private final FftNd transforms = new FftNd();

    EmulatedFftSession(final EmulatedDevice[] devices, final Object[] owners)
    {
        this.devices = devices;
        this.owners = owners;
    }

    public void getVersion(final CallResult result)
    {
        result.value(VERSION);
    }

    public Plan create(final BackendContext context, final CallResult result)
    {
        return new EmulatedPlan(context);
    }

    public void destroy(final Plan plan)
    {
        ((EmulatedPlan)plan).geometry = null;
    }

    public void makePlan(final Plan plan, final CufftGeometry geometry, final CallResult result)
    {
        ((EmulatedPlan)plan).geometry = geometry;
        result.value(0);
    }

    public void getSizeMany(final Plan plan, final CufftGeometry geometry, final CallResult result)
    {
        result.value(0);
    }

    public void estimate(final BackendContext context, final CufftGeometry geometry, final CallResult result)
    {
        result.value(0);
    }

    public void getSize(final Plan plan, final CallResult result)
    {
        result.value(0);
    }

    public void setStream(final Plan plan, final BackendStream stream, final CallResult result)
    {
    }

    public void setAutoAllocation(final Plan plan, final boolean automatic, final CallResult result)
    {
    }

    public void setWorkArea(final Plan plan, final long workArea, final CallResult result)
    {
        final int device = ((EmulatedContext)plan.context()).device();
        if (workArea != 0 && devices[device].memory().find(workArea, 1, owners[device]) == null)
        {
            result.fail(error(CufftStatus.INVALID_VALUE), "cufftSetWorkArea: 0x" + Long.toHexString(workArea) +
                " is not inside a live allocation of this session");
        }
    }

    public void exec(
        final Plan plan, final int type, final long input, final long output, final int direction,
        final CallResult result)
    {
        final CufftGeometry geometry = plan.geometry();
        final String name = CufftGeometry.execName(type);
        final int device = ((EmulatedContext)plan.context()).device();
        final DeviceMemory memory = devices[device].memory();
        final Object owner = owners[device];
        final boolean inPlace = input == output;
        final Side in = geometry.input(inPlace);
        final Side out = geometry.output(inPlace);
        final long inBytes = in.extentElements(geometry.batch()) * geometry.inputElementBytes();
        final long outBytes = out.extentElements(geometry.batch()) * geometry.outputElementBytes();
        if (inBytes > Integer.MAX_VALUE - 8 || outBytes > Integer.MAX_VALUE - 8 ||
            (double)geometry.batch() * Math.max(in.count(), out.count()) > Integer.MAX_VALUE)
        {
            result.fail(error(CufftStatus.ALLOC_FAILED), name + ": data of more than 2 GiB, or more than 2^31 elements " +
                "in all, is too large for the emulator");
            return;
        }
        final Allocation inAllocation = memory.find(input, inBytes, owner);
        final Allocation outAllocation = memory.find(output, outBytes, owner);
        if (inAllocation == null || outAllocation == null)
        {
            result.fail(error(CufftStatus.EXEC_FAILED), name + ": " + (inAllocation == null ?
                "input [0x" + Long.toHexString(input) + ", +" + inBytes :
                "output [0x" + Long.toHexString(output) + ", +" + outBytes) + " bytes) is not inside one live " +
                "allocation of this session");
            return;
        }
        try
        {
            // In place, one buffer covers both sides' extents (the padded reals reach less far than the spectrum).
            final ByteBuffer source = read(memory, input, (int)(inPlace ? Math.max(inBytes, outBytes) : inBytes), owner);
            final ByteBuffer target = inPlace ? source : read(memory, output, (int)outBytes, owner);
            final boolean precisionDouble = geometry.isDouble();
            final int[] dims = new int[geometry.rank()];
            for (int d = 0; d < dims.length; d++)
            {
                dims[d] = (int)geometry.n()[d];
            }
            for (long b = 0; b < geometry.batch(); b++)
            {
                if (geometry.realInput())
                {
                    final double[] real = new double[FftNd.product(dims)];
                    gather(source, in, b, precisionDouble, real, null);
                    final double[][] half = transforms.realToComplex(real, dims);
                    scatter(target, out, b, precisionDouble, half[0], half[1]);
                }
                else if (geometry.realOutput())
                {
                    final int count = (int)in.count();
                    final double[] re = new double[count];
                    final double[] im = new double[count];
                    gather(source, in, b, precisionDouble, re, im);
                    final double[] real = transforms.complexToReal(re, im, dims);
                    scatter(target, out, b, precisionDouble, real, null);
                }
                else
                {
                    final int count = (int)in.count();
                    final double[] re = new double[count];
                    final double[] im = new double[count];
                    gather(source, in, b, precisionDouble, re, im);
                    transforms.complex(re, im, dims, direction == CufftStatus.INVERSE ? Fft.INVERSE : Fft.FORWARD);
                    scatter(target, out, b, precisionDouble, re, im);
                }
            }
            target.clear();
            memory.write(output, target, owner);
        }
        catch (final OutOfMemoryError ex)
        {
            result.fail(error(CufftStatus.ALLOC_FAILED), name + ": the emulator's Java heap is exhausted");
        }
        catch (final RuntimeException ex)
        {
            result.fail(error(CufftStatus.INTERNAL_ERROR), name + ": " + ex);
        }
    }

    public void close()
    {
    }

    private static ByteBuffer read(final DeviceMemory memory, final long address, final int length, final Object owner)
    {
        final byte[] bytes = new byte[length];
        memory.read(address, bytes, 0, length, owner);
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Read transform {@code batch}'s elements of one side into dense row-major arrays; {@code im} null for real data.
     */
    private static void gather(
        final ByteBuffer data, final Side side, final long batch, final boolean precisionDouble, final double[] re,
        final double[] im)
    {
        final long[] offsets = offsets(side, batch);
        final int realBytes = precisionDouble ? Double.BYTES : Float.BYTES;
        final int elementBytes = im == null ? realBytes : 2 * realBytes;
        for (int i = 0; i < offsets.length; i++)
        {
            final int at = (int)(offsets[i] * elementBytes);
            re[i] = precisionDouble ? data.getDouble(at) : data.getFloat(at);
            if (im != null)
            {
                im[i] = precisionDouble ? data.getDouble(at + realBytes) : data.getFloat(at + realBytes);
            }
        }
    }

    private static void scatter(
        final ByteBuffer data, final Side side, final long batch, final boolean precisionDouble, final double[] re,
        final double[] im)
    {
        final long[] offsets = offsets(side, batch);
        final int realBytes = precisionDouble ? Double.BYTES : Float.BYTES;
        final int elementBytes = im == null ? realBytes : 2 * realBytes;
        for (int i = 0; i < offsets.length; i++)
        {
            final int at = (int)(offsets[i] * elementBytes);
            if (precisionDouble)
            {
                data.putDouble(at, re[i]);
            }
            else
            {
                data.putFloat(at, (float)re[i]);
            }
            if (im != null)
            {
                if (precisionDouble)
                {
                    data.putDouble(at + realBytes, im[i]);
                }
                else
                {
                    data.putFloat(at + realBytes, (float)im[i]);
                }
            }
        }
    }

    /**
     * The element offsets of transform {@code batch}'s elements on one side, in row-major order of its logical shape.
     */
    private static long[] offsets(final Side side, final long batch)
    {
        final long[] dims = side.dims();
        final long[] pitches = side.pitches();
        final long[] offsets = new long[(int)side.count()];
        final long[] index = new long[dims.length];
        final long base = batch * side.dist();
        long offset = base;
        for (int i = 0; i < offsets.length; i++)
        {
            offsets[i] = offset;
            for (int d = dims.length - 1; d >= 0; d--)
            {
                if (++index[d] < dims[d])
                {
                    offset += pitches[d];
                    break;
                }
                offset -= (dims[d] - 1) * pitches[d];
                index[d] = 0;
            }
        }
        return offsets;
    }

    private static CudaError error(final int status)
    {
        return CudaError.library(Api.CUFFT, status, CufftStatus.name(status));
    }

    /**
     * A plan: its shape once made. The emulator has no work area and runs on no stream of its own.
     */
    private static final class EmulatedPlan implements Plan
    {
        private final BackendContext context;
        private CufftGeometry geometry;

        EmulatedPlan(final BackendContext context)
        {
            this.context = context;
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
