package io.gpurelay.agent.javacpp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.gpurelay.agent.cuda.LibraryRefusals;
import io.gpurelay.agent.cuda.rand.CurandRefusals;
import io.gpurelay.agent.cuda.rand.CurandCalls;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.describe.Library;
import io.gpurelay.protocol.describe.LibraryFunction;
import io.gpurelay.protocol.describe.LibraryFunctions;
import io.gpurelay.protocol.SobolTable;
import org.agrona.BufferUtil;
import org.bytedeco.javacpp.Pointer;

/**
 * JavaCPP's {@code org.bytedeco.cuda.global.curand}: generators live on the executor, in the calling thread's current
 * context as cuRAND's do, on the same calls JCuda's {@code JCurand} makes: its rows of {@link LibraryFunctions} through
 * {@link JavaCppLibraryArguments}, the version's properties and the Sobol' tables by hand. Generators write
 * device memory only. A Poisson distribution's object gets its device address on the executor, which a kernel of
 * cuRAND's device API takes. The Sobol' tables are host memory cuRAND hands out a pointer to: the executor's table
 * is copied once into memory of this process that lives as long as the process, as cuRAND's lives as long as the
 * library, and the caller's {@code PointerPointer} or {@code @ByPtrPtr} pointer gets its address.
 */
public final class CurandModule extends JavaCppModule
{
    /** The Sobol' tables handed out, by table and direction vector set. */
    private static final Map<Long, ByteBuffer> TABLES = new ConcurrentHashMap<>();
    private static final int TABLE_ALIGNMENT = 64;

    public CurandModule()
    {
        super("curand", CurandStatus.INTERNAL_ERROR, "CURAND_STATUS_INTERNAL_ERROR", CurandStatus.OUT_OF_RANGE,
            "CURAND_STATUS_OUT_OF_RANGE",
            List.of("org.bytedeco.cuda.global.curand", "org.bytedeco.cuda.presets.curand",
                "org.bytedeco.cuda.curand."));
        for (final LibraryFunction function : LibraryFunctions.of(Library.CURAND))
        {
            function(function.name(), JavaCppLibraryArguments.of(function));
        }
        // The version's properties are computed here, and the Sobol' tables are host memory of this process.
        function("curandGetProperty", a ->
        {
            JavaCppRuntime.requireOutput(a, 1);
            final int[] value = new int[1];
            final int status = CurandCalls.getProperty(a.intValue(0), value);
            if (status == CurandStatus.SUCCESS)
            {
                a.setInt(1, value[0]);
            }
            return status;
        });
        function("curandGetDirectionVectors32", a -> sobolTable(a, SobolTable.DIRECTION_VECTORS_32, a.intValue(1)));
        function("curandGetDirectionVectors64", a -> sobolTable(a, SobolTable.DIRECTION_VECTORS_64, a.intValue(1)));
        function("curandGetScrambleConstants32", a -> sobolTable(a, SobolTable.SCRAMBLE_CONSTANTS_32, 0));
        function("curandGetScrambleConstants64", a -> sobolTable(a, SobolTable.SCRAMBLE_CONSTANTS_64, 0));
    }

    /**
     * A Sobol' table's address into argument 0, a {@code T**}: a {@code PointerPointer}'s element or a
     * {@code @ByPtrPtr} pointer's address. JavaCPP's array and buffer overloads cannot return a pointer (its native
     * code would lose it), so they are refused. The table is fetched from the executor the first time and kept.
     */
    private static int sobolTable(final JavaCppArgs a, final SobolTable table, final int set)
    {
        JavaCppRuntime.requireOutput(a, 0);
        if (!(a.get(0) instanceof Pointer))
        {
            throw new JavaCppArgumentException(a.describe(0) + " cannot receive the table's address: cuRAND " +
                "returns a pointer to its table, which a PointerPointer or an IntPointer/LongPointer (whose address " +
                "becomes the table's) receives, not a Java array or buffer");
        }
        final long key = (long)table.code() << Integer.SIZE | set & 0xFFFF_FFFFL;
        ByteBuffer memory = TABLES.get(key);
        if (memory == null)
        {
            final ByteBuffer[] received = new ByteBuffer[1];
            final int status = CurandCalls.sobolTable(table, set, received);
            if (status != CurandStatus.SUCCESS)
            {
                return status;
            }
            final ByteBuffer copy = BufferUtil.allocateDirectAligned(table.bytes(), TABLE_ALIGNMENT)
                .order(ByteOrder.nativeOrder());
            if (table.wordBytes() == Integer.BYTES)
            {
                copy.asIntBuffer().put(received[0].asIntBuffer());
            }
            else
            {
                copy.asLongBuffer().put(received[0].asLongBuffer());
            }
            final ByteBuffer kept = TABLES.putIfAbsent(key, copy);
            memory = kept == null ? copy : kept;
        }
        a.setHandle(0, BufferUtil.address(memory));
        return CurandStatus.SUCCESS;
    }

    /**
     * {@code curandGeneratePoissonMethod} is not JCurand's, and no call carries a generation method: the executor's
     * {@code curandGeneratePoisson} picks cuRAND's own.
     */
    public String refusalReason(final String functionName)
    {
        return "curandGeneratePoissonMethod".equals(functionName) ? "no call carries a Poisson generation method " +
            "to the executor (JCurand has none to share it with); curandGeneratePoisson, which lets cuRAND pick " +
            "its method, is relayed" : CurandRefusals.INSTANCE.refusalReason(functionName);
    }

    protected LibraryRefusals refusals()
    {
        return CurandRefusals.INSTANCE;
    }
}
