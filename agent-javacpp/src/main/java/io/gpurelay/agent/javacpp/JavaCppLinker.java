package io.gpurelay.agent.javacpp;

import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.driver.LinkInputs;
import io.gpurelay.protocol.DriverStatus;

/**
 * The JIT linker for JavaCPP programs (cuLinkCreate, cuLinkAddData, cuLinkAddFile, cuLinkComplete, cuLinkDestroy) on
 * the link states JCuda's binding uses ({@link LinkInputs}): the executor links what the state gathered, and the
 * cubin stays in this process's memory, where {@code cubinOut} points, until cuLinkDestroy. The JIT options are not
 * sent, and the log buffers they may name are left as they are (JCuda's binding fills the error log).
 */
final class JavaCppLinker
{
    private JavaCppLinker()
    {
    }

    static void register(final CudartModule module)
    {
        module.function("cuLinkCreate", a ->
        {
            JavaCppRuntime.requireOutput(a, 3);
            if (!DriverCalls.isLiveContext(DriverCalls.currentContext()))
            {
                return DriverCalls.noCurrentContext();
            }
            a.setHandle(3, LinkInputs.create());
            return DriverStatus.SUCCESS;
        });
        module.function("cuLinkAddData", a ->
        {
            final long state = a.handle(0);
            final long size = a.longValue(3);
            if (!LinkInputs.isLive(state))
            {
                return LinkInputs.addData(state, a.intValue(1), new byte[0], a.method().qualifiedName());
            }
            if (size <= 0 || size > Integer.MAX_VALUE)
            {
                throw new JavaCppArgumentException("a size of " + size + " bytes");
            }
            return LinkInputs.addData(state, a.intValue(1), a.bytes(2, size), a.method().qualifiedName());
        });
        module.function("cuLinkAddFile", a ->
        {
            final String path = a.string(2);
            if (path == null)
            {
                throw new JavaCppArgumentException("the path is null");
            }
            return LinkInputs.addFile(a.handle(0), a.intValue(1), path, a.method().qualifiedName());
        });
        module.function("cuLinkComplete", a ->
        {
            final long[] cubin = new long[2];
            final int status = LinkInputs.complete(a.handle(0), cubin, a.method().qualifiedName(), null);
            if (status == DriverStatus.SUCCESS)
            {
                if (!a.isNull(1))
                {
                    a.setHandle(1, cubin[0]);
                }
                if (!a.isNull(2))
                {
                    a.setLong(2, cubin[1]);
                }
            }
            return status;
        });
        module.function("cuLinkDestroy", a -> LinkInputs.destroy(a.handle(0), a.method().qualifiedName()));
    }
}
