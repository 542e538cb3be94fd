package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_CTX_DESTROY;
import static io.gpurelay.protocol.Function.CU_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CU_MEMCPY_HTOD;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_STREAM_CREATE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.stream.Stream;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.protocol.CusolverStatus;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import io.gpurelay.protocol.table.ObjectKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * cuSOLVER's rows of the function table through an emulated executor over IPC, as the agent sends them: handles are
 * objects of the session in the calling context, an LU and a Cholesky solve give LAPACK's answers, a workspace that
 * getrf takes without its size is what its query answers, and a foreign or destroyed handle, a range outside the
 * session's memory, a too-small workspace and a negative size each get cuSOLVER's own status while the session goes
 * on. Every row the emulator does not run is refused by name.
 */
class CusolverRowsIpcTest
{
    private static final long DEVICE_MEMORY = 16L * 1024 * 1024;
    private static final long DEFAULT_STREAM = 0;
    private static final int N = 7;
    private static final int LDA = 9;
    private static final int NRHS = 2;
    private static final int LDB = 8;

    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("cusolver", 1, DEVICE_MEMORY, context -> context);

    static Stream<FunctionRow> rows()
    {
        return FunctionTable.standard().rows().stream().filter(row -> row.binding() == Binding.CUSOLVER);
    }

    private static FunctionRow row(final String name)
    {
        final FunctionRow row = FunctionTable.standard().find(Binding.CUSOLVER, name);
        assertNotNull(row, name);
        return row;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyRowRunsOnTheEmulatorOrIsRefusedByName(final FunctionRow row) throws IOException
    {
        final TestClient client = EXECUTOR.connected(row.name());
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long handle = ok(client.call(row("cusolverDnCreate"), context)).value(0);
        final long params = ok(client.call(row("cusolverDnCreateParams"), context)).value(0);
        final long memory = ok(client.call(CU_MEM_ALLOC, context, 64 * 1024)).value(0);
        // Every device argument is this memory; what getrs reads as pivots are pivots.
        ok(client.callWithPayload(CU_MEMCPY_HTOD, context, ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN)
            .putInt(1).putInt(2).putInt(3).putInt(4).array(), memory, 16, DEFAULT_STREAM));
        final long stream = ok(client.call(CU_STREAM_CREATE, context, 0)).value(0);
        final long[] args = new long[row.wireArgumentCount()];
        for (final Argument argument : row.arguments())
        {
            if (argument.wireIndex() >= 0)
            {
                args[argument.wireIndex()] = switch (argument.role())
                {
                    case OBJECT, FREE_OBJECT -> argument.kind() == ObjectKind.CUSOLVER_DN ? handle : params;
                    case DEVPTR, PIVOTS, PIVOTS64 -> memory;
                    case IN_FLOAT -> Float.floatToRawIntBits(1.0f);
                    case IN_DOUBLE -> Double.doubleToRawLongBits(1.0);
                    case IN_UCHAR -> 'N';
                    case STREAM -> stream;
                    // Sizes of 4 (a 4 x 4 system, one right-hand side); fill mode lower, no transpose, float data.
                    case IN_INT, IN_INT64, IN_SIZE -> argument.name().equals("uplo") ||
                        argument.name().equals("trans") || argument.name().startsWith("dataType") ||
                        argument.name().equals("computeType") || argument.name().equals("function") ||
                        argument.name().equals("algo") ? 0 : 4;
                    default -> throw new IllegalStateException(argument.role() + " in " + row);
                };
            }
        }
        final Reply reply = client.call(row, context, args);
        if (row.emulated())
        {
            ok(reply);
            assertEquals(row.resultCount(), reply.values().length, row + " replies one value per output");
        }
        else
        {
            assertEquals(CusolverStatus.NOT_SUPPORTED, reply.status(), reply.message());
            assertTrue(reply.message().contains("is not supported on the emulator"), reply.message());
        }
    }

    @Test
    void anLuAndACholeskySolveGiveLapacksAnswers() throws IOException
    {
        final TestClient client = EXECUTOR.connected("solve");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long handle = ok(client.call(row("cusolverDnCreate"), context)).value(0);
        final long stream = ok(client.call(CU_STREAM_CREATE, context, 0)).value(0);
        ok(client.call(row("cusolverDnSetStream"), context, handle, stream));
        assertEquals(stream, ok(client.call(row("cusolverDnGetStream"), context, handle)).value(0));
        assertEquals(12004, ok(client.call(row("cusolverGetVersion"), 0)).value(0));

        final Random random = new Random(29);
        final double[] a = new double[LDA * N];
        for (int i = 0; i < a.length; i++)
        {
            a[i] = random.nextDouble() - 0.5;
        }
        a[0] = 0; // pivoting is needed
        final double[] b = new double[LDB * NRHS];
        for (int i = 0; i < b.length; i++)
        {
            b[i] = random.nextDouble();
        }
        final long deviceA = upload(client, context, a);
        final long deviceB = upload(client, context, b);
        final long pivots = ok(client.call(CU_MEM_ALLOC, context, 4L * N)).value(0);
        final long info = ok(client.call(CU_MEM_ALLOC, context, 4)).value(0);
        final long lwork = ok(client.call(row("cusolverDnDgetrf_bufferSize"), context, handle, N, N, deviceA, LDA))
            .value(0);
        final long workspace = ok(client.call(CU_MEM_ALLOC, context, 8 * Math.max(1, lwork))).value(0);
        ok(client.call(row("cusolverDnDgetrf"), context, handle, N, N, deviceA, LDA, workspace, pivots, info));
        assertEquals(0, download(client, context, info, 4).getInt(0));
        ok(client.call(row("cusolverDnDgetrs"), context, handle, 0, N, NRHS, deviceA, LDA, pivots, deviceB, LDB,
            info));
        final ByteBuffer x = download(client, context, deviceB, 8L * LDB * NRHS);
        for (int column = 0; column < NRHS; column++)
        {
            final double[] expected = solve(a, b, column);
            for (int row = 0; row < N; row++)
            {
                assertEquals(expected[row], x.getDouble(8 * (column * LDB + row)), 1e-10, "x(" + row + ", " +
                    column + ")");
            }
        }

        // Cholesky of M^T M + n I, lower triangle, in single precision.
        final float[] spd = new float[LDA * N];
        for (int i = 0; i < N; i++)
        {
            for (int j = 0; j < N; j++)
            {
                double sum = i == j ? N : 0;
                for (int k = 0; k < N; k++)
                {
                    sum += a[k + i * LDA] * a[k + j * LDA];
                }
                spd[i + j * LDA] = (float)sum;
            }
        }
        final long deviceSpd = upload(client, context, spd);
        final float[] rhs = { 1, 2, 3, 4, 5, 6, 7, 0 };
        final long deviceRhs = upload(client, context, rhs);
        final long potrfWork = ok(client.call(row("cusolverDnSpotrf_bufferSize"), context, handle, 0, N, deviceSpd,
            LDA)).value(0);
        final long floats = ok(client.call(CU_MEM_ALLOC, context, 4 * Math.max(1, potrfWork))).value(0);
        ok(client.call(row("cusolverDnSpotrf"), context, handle, 0, N, deviceSpd, LDA, floats, potrfWork, info));
        assertEquals(0, download(client, context, info, 4).getInt(0));
        ok(client.call(row("cusolverDnSpotrs"), context, handle, 0, N, 1, deviceSpd, LDA, deviceRhs, LDB, info));
        final ByteBuffer solved = download(client, context, deviceRhs, 4L * N);
        for (int row = 0; row < N; row++)
        {
            double residual = -rhs[row];
            for (int k = 0; k < N; k++)
            {
                residual += spd[row + k * LDA] * (double)solved.getFloat(4 * k);
            }
            assertEquals(0, residual, 1e-3, "row " + row + " of A x - b");
        }
        ok(client.call(row("cusolverDnDestroy"), context, handle));
    }

    @Test
    void badInputGetsCusolversOwnStatusAndTheSessionGoesOn() throws IOException
    {
        final TestClient client = EXECUTOR.connected("refusals");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long handle = ok(client.call(row("cusolverDnCreate"), context)).value(0);
        final long small = ok(client.call(CU_MEM_ALLOC, context, 4L * LDA * (N - 1))).value(0);
        final long big = ok(client.call(CU_MEM_ALLOC, context, 4L * LDA * N)).value(0);
        final long info = ok(client.call(CU_MEM_ALLOC, context, 4)).value(0);
        final long pivots = ok(client.call(CU_MEM_ALLOC, context, 4L * N)).value(0);
        final long lwork = ok(client.call(row("cusolverDnSgetrf_bufferSize"), context, handle, N, N, big, LDA))
            .value(0);
        assertTrue(lwork >= 2, "the workspace query asks for " + lwork);
        final long workspace = ok(client.call(CU_MEM_ALLOC, context, 4 * lwork)).value(0);
        final long tooSmallWorkspace = ok(client.call(CU_MEM_ALLOC, context, 4 * (lwork - 1))).value(0);

        final Reply outside = client.call(row("cusolverDnSgetrf"), context, handle, N, N, small, LDA, workspace,
            pivots, info);
        assertEquals(CusolverStatus.EXECUTION_FAILED, outside.status(), outside.message());
        assertTrue(outside.message().contains("is not inside a live allocation of this session"), outside.message());
        final Reply shortWork = client.call(row("cusolverDnSgetrf"), context, handle, N, N, big, LDA,
            tooSmallWorkspace, pivots, info);
        assertEquals(CusolverStatus.EXECUTION_FAILED, shortWork.status(), shortWork.message());
        final Reply badLda = client.call(row("cusolverDnSgetrf"), context, handle, N, N, big, N - 1, workspace,
            pivots, info);
        assertEquals(CusolverStatus.INVALID_VALUE, badLda.status(), badLda.message());
        final Reply negative = client.call(row("cusolverDnSgetrf"), context, handle, -1, N, big, LDA, workspace,
            pivots, info);
        assertEquals(CusolverStatus.INVALID_VALUE, negative.status(), negative.message());

        // Another session's handle is no handle here.
        final TestClient other = EXECUTOR.connected("other");
        final long otherContext = ok(other.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long foreign = ok(other.call(row("cusolverDnCreate"), otherContext)).value(0);
        final Reply foreignHandle = client.call(row("cusolverDnSgetrf"), context, foreign, N, N, big, LDA, workspace,
            pivots, info);
        assertEquals(CusolverStatus.NOT_INITIALIZED, foreignHandle.status(), foreignHandle.message());
        assertTrue(foreignHandle.message().contains("is not a live cusolverDnHandle_t"), foreignHandle.message());

        // The session goes on: a correct call succeeds, and a destroyed handle is refused afterwards.
        ok(client.call(row("cusolverDnSgetrf"), context, handle, N, N, big, LDA, workspace, pivots, info));
        ok(client.call(row("cusolverDnDestroy"), context, handle));
        final Reply destroyed = client.call(row("cusolverDnSgetrf"), context, handle, N, N, big, LDA, workspace,
            pivots, info);
        assertEquals(CusolverStatus.NOT_INITIALIZED, destroyed.status(), destroyed.message());
        assertTrue(destroyed.message().contains("no longer live"), destroyed.message());

        // A handle goes with the context it was made in.
        final long second = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long inSecond = ok(client.call(row("cusolverDnCreate"), second)).value(0);
        ok(client.call(CU_CTX_DESTROY, 0, second));
        assertEquals(CusolverStatus.NOT_INITIALIZED, client.call(row("cusolverDnSetStream"), context, inSecond,
            DEFAULT_STREAM).status());
        assertArrayEquals(new long[]{ 12004 }, ok(client.call(row("cusolverGetVersion"), 0)).values());
    }

    private static long upload(final TestClient client, final long context, final double[] values)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (final double value : values)
        {
            bytes.putDouble(value);
        }
        return upload(client, context, bytes.array());
    }

    private static long upload(final TestClient client, final long context, final float[] values)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (final float value : values)
        {
            bytes.putFloat(value);
        }
        return upload(client, context, bytes.array());
    }

    private static long upload(final TestClient client, final long context, final byte[] bytes)
    {
        final long address = ok(client.call(CU_MEM_ALLOC, context, bytes.length)).value(0);
        ok(client.callWithPayload(CU_MEMCPY_HTOD, context, bytes, address, bytes.length, DEFAULT_STREAM));
        return address;
    }

    private static ByteBuffer download(final TestClient client, final long context, final long address,
        final long bytes)
    {
        return ByteBuffer.wrap(ok(client.call(CU_MEMCPY_DTOH, context, address, bytes, DEFAULT_STREAM)).payload())
            .order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Column {@code column} of A^-1 B by Gaussian elimination with partial pivoting, in double.
     */
    private static double[] solve(final double[] a, final double[] b, final int column)
    {
        final double[][] m = new double[N][N + 1];
        for (int i = 0; i < N; i++)
        {
            for (int j = 0; j < N; j++)
            {
                m[i][j] = a[i + j * LDA];
            }
            m[i][N] = b[i + column * LDB];
        }
        for (int k = 0; k < N; k++)
        {
            int pivot = k;
            for (int i = k + 1; i < N; i++)
            {
                pivot = Math.abs(m[i][k]) > Math.abs(m[pivot][k]) ? i : pivot;
            }
            final double[] swap = m[k];
            m[k] = m[pivot];
            m[pivot] = swap;
            for (int i = k + 1; i < N; i++)
            {
                final double factor = m[i][k] / m[k][k];
                for (int j = k; j <= N; j++)
                {
                    m[i][j] -= factor * m[k][j];
                }
            }
        }
        final double[] x = new double[N];
        for (int i = N - 1; i >= 0; i--)
        {
            double sum = m[i][N];
            for (int j = i + 1; j < N; j++)
            {
                sum -= m[i][j] * x[j];
            }
            x[i] = sum / m[i][i];
        }
        return x;
    }
}
