package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_HTOD;
import static io.gpurelay.protocol.Function.CUFFT_CREATE;
import static io.gpurelay.protocol.Function.CUFFT_DESTROY;
import static io.gpurelay.protocol.Function.CUFFT_ESTIMATE;
import static io.gpurelay.protocol.Function.CUFFT_EXEC;
import static io.gpurelay.protocol.Function.CUFFT_GET_SIZE;
import static io.gpurelay.protocol.Function.CUFFT_GET_VERSION;
import static io.gpurelay.protocol.Function.CUFFT_MAKE_PLAN;
import static io.gpurelay.protocol.Function.CUFFT_SET_STREAM;
import static io.gpurelay.protocol.Function.CUFFT_SET_WORK_AREA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.CufftStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * cuFFT on the emulated backend, end to end over {@code aeron:ipc}: clients that speak the wire protocol as the agent
 * does, checked against the DFT's definition, and cuFFT's statuses for plans and data that are not the session's.
 */
class FftIpcTest
{
    private static final long DEVICE_MEMORY = 64L * 1024 * 1024;
    private static final int DEVICE_0 = 0;


    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("fft", 1, DEVICE_MEMORY, context -> context
            .keepAliveTimeoutNs(30_000_000_000L));

    @Test
    void batchedComplexTransformMatchesTheDefinitionAndTheInverseRestoresNTimesTheInput()
    {
        final TestClient client = EXECUTOR.connected("c2c");
        assertTrue(ok(client.call(CUFFT_GET_VERSION, DEVICE_0)).value(0) >= 10000);
        final int n = 12;
        final int batch = 3;
        final float[] input = new float[2 * n * batch];
        for (int i = 0; i < input.length; i++)
        {
            input[i] = (float)Math.sin(0.37 * i) + (i % 5) * 0.25f;
        }
        final long data = ok(client.call(CUDA_MALLOC, DEVICE_0, 4L * input.length)).value(0);
        final long out = ok(client.call(CUDA_MALLOC, DEVICE_0, 4L * input.length)).value(0);
        write(client, data, input);
        final long plan = made(client, CufftGeometry.basic(CufftGeometry.C2C, batch, n));
        ok(client.call(CUFFT_SET_STREAM, DEVICE_0, plan, 0));

        ok(client.call(CUFFT_EXEC, DEVICE_0, plan, CufftGeometry.C2C, data, out, CufftStatus.FORWARD));
        final float[] spectrum = readFloats(client, out, input.length);
        for (int b = 0; b < batch; b++)
        {
            for (int k = 0; k < n; k++)
            {
                double re = 0;
                double im = 0;
                for (int j = 0; j < n; j++)
                {
                    final double angle = -2 * Math.PI * j * k / n;
                    final double xRe = input[2 * (b * n + j)];
                    final double xIm = input[2 * (b * n + j) + 1];
                    re += xRe * Math.cos(angle) - xIm * Math.sin(angle);
                    im += xRe * Math.sin(angle) + xIm * Math.cos(angle);
                }
                assertEquals(re, spectrum[2 * (b * n + k)], 1e-4, "batch " + b + " re " + k);
                assertEquals(im, spectrum[2 * (b * n + k) + 1], 1e-4, "batch " + b + " im " + k);
            }
        }

        ok(client.call(CUFFT_EXEC, DEVICE_0, plan, CufftGeometry.C2C, out, out, CufftStatus.INVERSE));
        final float[] back = readFloats(client, out, input.length);
        for (int i = 0; i < input.length; i++)
        {
            assertEquals(n * input[i], back[i], 1e-4, "element " + i);
        }
        ok(client.call(CUFFT_DESTROY, DEVICE_0, plan));
    }

    @Test
    void realTransformsUseTheHalfSpectrumAndInPlacePadding()
    {
        final TestClient client = EXECUTOR.connected("r2c");
        final int nx = 3;
        final int ny = 8;
        final int half = ny / 2 + 1;
        // In place: each row of reals is padded to 2 * (ny/2 + 1) floats.
        final float[] padded = new float[nx * 2 * half];
        final double[] signal = new double[nx * ny];
        for (int x = 0; x < nx; x++)
        {
            for (int y = 0; y < ny; y++)
            {
                signal[x * ny + y] = Math.cos(0.3 * x + 0.7 * y) + 0.1 * y;
                padded[x * 2 * half + y] = (float)signal[x * ny + y];
            }
        }
        final long data = ok(client.call(CUDA_MALLOC, DEVICE_0, 4L * padded.length)).value(0);
        write(client, data, padded);
        final long r2c = made(client, CufftGeometry.basic(CufftGeometry.R2C, 1, nx, ny));
        final long c2r = made(client, CufftGeometry.basic(CufftGeometry.C2R, 1, nx, ny));

        ok(client.call(CUFFT_EXEC, DEVICE_0, r2c, CufftGeometry.R2C, data, data, 0));
        final float[] spectrum = readFloats(client, data, padded.length);
        for (int kx = 0; kx < nx; kx++)
        {
            for (int ky = 0; ky < half; ky++)
            {
                double re = 0;
                double im = 0;
                for (int x = 0; x < nx; x++)
                {
                    for (int y = 0; y < ny; y++)
                    {
                        final double angle = -2 * Math.PI * ((double)x * kx / nx + (double)y * ky / ny);
                        re += signal[x * ny + y] * Math.cos(angle);
                        im += signal[x * ny + y] * Math.sin(angle);
                    }
                }
                assertEquals(re, spectrum[2 * (kx * half + ky)], 1e-4);
                assertEquals(im, spectrum[2 * (kx * half + ky) + 1], 1e-4);
            }
        }

        ok(client.call(CUFFT_EXEC, DEVICE_0, c2r, CufftGeometry.C2R, data, data, 0));
        final float[] back = readFloats(client, data, padded.length);
        for (int x = 0; x < nx; x++)
        {
            for (int y = 0; y < ny; y++)
            {
                assertEquals(nx * ny * signal[x * ny + y], back[x * 2 * half + y], 1e-3);
            }
        }
    }

    @Test
    void answersCuFftsStatusesForBadPlansShapesAndData()
    {
        final TestClient client = EXECUTOR.connected("fft errors");
        final TestClient other = EXECUTOR.connected("fft other");
        final long data = ok(client.call(CUDA_MALLOC, DEVICE_0, 64)).value(0);
        final long plan = made(client, CufftGeometry.basic(CufftGeometry.C2C, 1, 8));

        assertEquals(CufftStatus.INVALID_PLAN,
            other.call(CUFFT_EXEC, DEVICE_0, plan, CufftGeometry.C2C, data, data, CufftStatus.FORWARD).status(),
            "another session's plan");
        assertEquals(CufftStatus.INVALID_TYPE,
            client.call(CUFFT_EXEC, DEVICE_0, plan, CufftGeometry.R2C, data, data, 0).status());
        assertEquals(CufftStatus.INVALID_VALUE,
            client.call(CUFFT_EXEC, DEVICE_0, plan, CufftGeometry.C2C, data, data, 0).status(), "direction 0");
        final long small = ok(client.call(CUDA_MALLOC, DEVICE_0, 32)).value(0);
        assertEquals(CufftStatus.EXEC_FAILED,
            client.call(CUFFT_EXEC, DEVICE_0, plan, CufftGeometry.C2C, small, small, CufftStatus.FORWARD).status(),
            "8 complex floats do not fit in 32 bytes");
        assertEquals(CufftStatus.INVALID_VALUE, client.call(CUFFT_SET_WORK_AREA, DEVICE_0, plan, 0x1234).status());
        assertEquals(0, ok(client.call(CUFFT_GET_SIZE, DEVICE_0, plan)).value(0), "the emulator needs no work area");

        final long[] sizeZero = estimateArgs(CufftGeometry.basic(CufftGeometry.C2C, 1, 0));
        assertEquals(CufftStatus.INVALID_SIZE, client.call(CUFFT_ESTIMATE, DEVICE_0, sizeZero).status());
        final long[] badType = estimateArgs(CufftGeometry.basic(7, 1, 8));
        assertEquals(CufftStatus.INVALID_TYPE, client.call(CUFFT_ESTIMATE, DEVICE_0, badType).status());
        assertEquals(0, ok(client.call(CUFFT_ESTIMATE, DEVICE_0,
            estimateArgs(CufftGeometry.basic(CufftGeometry.Z2Z, 4, 16, 16)))).value(0));

        final long[] again = new long[1 + CufftGeometry.SLOTS];
        again[0] = plan;
        CufftGeometry.basic(CufftGeometry.C2C, 1, 8).encode(again, 1);
        assertEquals(CufftStatus.INVALID_PLAN, client.call(CUFFT_MAKE_PLAN, DEVICE_0, again).status(),
            "a plan is made once");

        ok(client.call(CUFFT_DESTROY, DEVICE_0, plan));
        assertEquals(CufftStatus.INVALID_PLAN, client.call(CUFFT_DESTROY, DEVICE_0, plan).status(), "destroyed");
    }

    @Test
    void doublePrecisionAdvancedLayoutTransformsStridedData()
    {
        final TestClient client = EXECUTOR.connected("z2z advanced");
        final int n = 5;
        final int stride = 2;
        final int dist = 11;
        final int batch = 2;
        final double[] input = new double[2 * dist * batch];
        for (int i = 0; i < input.length; i++)
        {
            input[i] = i * 0.5 - 3;
        }
        final long in = ok(client.call(CUDA_MALLOC, DEVICE_0, 8L * input.length)).value(0);
        final long out = ok(client.call(CUDA_MALLOC, DEVICE_0, 16L * n * batch)).value(0);
        final ByteBuffer bytes = ByteBuffer.allocate(8 * input.length).order(ByteOrder.LITTLE_ENDIAN);
        for (final double value : input)
        {
            bytes.putDouble(value);
        }
        ok(client.callWithPayload(CUDA_MEMCPY_HTOD, DEVICE_0, bytes.array(), in, bytes.capacity()));
        final long plan = made(client, new CufftGeometry(CufftGeometry.Z2Z, batch, new long[]{ n },
            new long[]{ n * stride }, stride, dist, new long[]{ n }, 1, n));

        ok(client.call(CUFFT_EXEC, DEVICE_0, plan, CufftGeometry.Z2Z, in, out, CufftStatus.FORWARD));
        final ByteBuffer result = ByteBuffer.wrap(ok(client.call(CUDA_MEMCPY_DTOH, DEVICE_0, out, 16L * n * batch))
            .payload()).order(ByteOrder.LITTLE_ENDIAN);
        for (int b = 0; b < batch; b++)
        {
            for (int k = 0; k < n; k++)
            {
                double re = 0;
                double im = 0;
                for (int j = 0; j < n; j++)
                {
                    final int at = 2 * (b * dist + j * stride);
                    final double angle = -2 * Math.PI * j * k / n;
                    re += input[at] * Math.cos(angle) - input[at + 1] * Math.sin(angle);
                    im += input[at] * Math.sin(angle) + input[at + 1] * Math.cos(angle);
                }
                assertEquals(re, result.getDouble(16 * (b * n + k)), 1e-9);
                assertEquals(im, result.getDouble(16 * (b * n + k) + 8), 1e-9);
            }
        }
    }

    private static long made(final TestClient client, final CufftGeometry geometry)
    {
        final long plan = ok(client.call(CUFFT_CREATE, DEVICE_0)).value(0);
        final long[] args = new long[1 + CufftGeometry.SLOTS];
        args[0] = plan;
        geometry.encode(args, 1);
        assertEquals(0, ok(client.call(CUFFT_MAKE_PLAN, DEVICE_0, args)).value(0));
        return plan;
    }

    private static long[] estimateArgs(final CufftGeometry geometry)
    {
        final long[] args = new long[CufftGeometry.SLOTS];
        geometry.encode(args, 0);
        return args;
    }

    private static void write(final TestClient client, final long address, final float[] values)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (final float value : values)
        {
            bytes.putFloat(value);
        }
        ok(client.callWithPayload(CUDA_MEMCPY_HTOD, DEVICE_0, bytes.array(), address, bytes.capacity()));
    }

    private static float[] readFloats(final TestClient client, final long address, final int count)
    {
        final ByteBuffer bytes = ByteBuffer.wrap(ok(client.call(CUDA_MEMCPY_DTOH, DEVICE_0, address, 4L * count))
            .payload()).order(ByteOrder.LITTLE_ENDIAN);
        final float[] values = new float[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = bytes.getFloat(4 * i);
        }
        return values;
    }
}
