package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpurelay.executor.backend.DeviceSelection;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendKernel;
import io.gpurelay.executor.backend.BackendModule;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.ReleasedResources;
import io.gpurelay.executor.backend.TableCall;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionTable;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A session of a {@link GpuBackend} on the host's first GPU, driven as the executor drives it, with helpers that
 * assert each step succeeded. Calls are driver-API calls unless a test resets the result for the runtime.
 */
final class GpuTestSession implements AutoCloseable
{
    private static GpuBackend backend;

    final BackendSession session;
    final CallResult result = new CallResult();
    private boolean closed;

    GpuTestSession()
    {
        this.session = backend().openSession(1);
    }

    static synchronized GpuBackend backend()
    {
        if (backend == null)
        {
            backend = new GpuBackend(DeviceSelection.parse("1"));
        }
        return backend;
    }

    /**
     * The result, reset for a driver-API call.
     */
    CallResult call()
    {
        result.reset(Api.DRIVER);
        return result;
    }

    /**
     * {@code cuDeviceTotalMem}, a row of the function table, as the executor runs it.
     */
    void deviceTotalMemory(final int device)
    {
        final TableCall call = new TableCall();
        call.reset(FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuDeviceTotalMem"));
        call.scalar(1, device);
        session.callTableFunction(call, call());
    }

    /**
     * {@code cuFuncGetAttribute}, a row of the function table, in the kernel's context as the executor runs it.
     */
    void functionGetAttribute(final BackendKernel kernel, final int attribute)
    {
        final TableCall call = new TableCall();
        call.reset(FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuFuncGetAttribute"));
        call.context(((GpuKernel)kernel).module().context());
        call.scalar(1, attribute);
        call.object(2, kernel);
        session.callTableFunction(call, call());
    }

    CallResult ok()
    {
        assertFalse(result.failed(), result::message);
        return result;
    }

    long value(final int index)
    {
        ok();
        return result.values()[index];
    }

    BackendContext context()
    {
        final BackendContext context = session.createContext(0, 0, call());
        ok();
        return context;
    }

    long malloc(final BackendContext context, final long bytes)
    {
        session.malloc(context, bytes, call());
        return value(0);
    }

    /**
     * A host-to-device copy as it arrives from Aeron: chunk after chunk into the sink.
     */
    void upload(
        final BackendContext context, final BackendStream stream, final long address, final DirectBuffer data,
        final int length, final int chunk)
    {
        final PayloadSink sink = session.memcpyHostToDevice(context, stream, address, length, call());
        ok();
        assertTrue(sink.begin(length));
        for (int offset = 0; offset < length; offset += chunk)
        {
            sink.write(offset, data, offset, Math.min(chunk, length - offset));
        }
        session.finishHostToDevice(result);
        ok();
    }

    /**
     * A device-to-host copy as the reply sends it: chunk after chunk from the source into the outgoing message.
     */
    void download(
        final BackendContext context, final BackendStream stream, final long address, final UnsafeBuffer target,
        final int length, final int chunk)
    {
        session.memcpyDeviceToHost(context, stream, address, length, call());
        final PayloadSource source = ok().payload();
        assertNotNull(source);
        for (int offset = 0; offset < length; offset += chunk)
        {
            final int part = Math.min(chunk, length - offset);
            source.copyTo(offset, target, offset, part);
        }
    }

    BackendModule loadKernels(final BackendContext context)
    {
        final BackendModule module = session.loadModule(context, new UnsafeBuffer(GpuTestSupport.kernelsPtx()),
            call());
        ok();
        return module;
    }

    BackendKernel kernel(final BackendModule module, final String name)
    {
        final BackendKernel kernel = session.getFunction(module, name, call());
        ok();
        return kernel;
    }

    /**
     * Launch with the parameters checked and laid out as the executor does; the result holds the outcome.
     */
    CallResult launch(
        final BackendKernel kernel, final BackendStream stream, final int grid, final int block,
        final GpuTestSupport.Parameters parameters)
    {
        final byte[] buffer = kernel.parameterLayout().parameterBuffer(parameters.count(), parameters::size,
            parameters.payload(), call());
        if (buffer != null)
        {
            session.launchKernel(kernel, stream, grid, 1, 1, block, 1, 1, 0, buffer, result);
        }
        return result;
    }

    long[] memoryInfo(final BackendContext context)
    {
        session.memGetInfo(context, call());
        return new long[]{ value(0), value(1) };
    }

    ReleasedResources closeSession()
    {
        closed = true;
        return session.close();
    }

    public void close()
    {
        if (!closed)
        {
            closeSession();
        }
    }
}
