package io.gpurelay.protocol.table;

import io.gpurelay.protocol.Api;

/**
 * The binding classes whose functions table rows remote (JCuda's natives, JavaCPP's functions of the same C name), and
 * the API whose status codes their replies carry.
 */
public enum Binding implements TableToken
{
    JCUDA_DRIVER("JCudaDriver", "jcuda.driver.JCudaDriver", "org.bytedeco.cuda.global.cudart", Api.DRIVER),
    JCUDA("JCuda", "jcuda.runtime.JCuda", "org.bytedeco.cuda.global.cudart", Api.RUNTIME),
    /** cuSOLVER, which only JavaCPP's presets bind here: JCuda's JCusolver is not on Maven Central. */
    CUSOLVER("cusolver", null, "org.bytedeco.cuda.global.cusolver", Api.CUSOLVER);

    private final String token;
    private final String className;
    private final String javaCppClass;
    private final Api api;

    Binding(final String token, final String className, final String javaCppClass, final Api api)
    {
        this.token = token;
        this.className = className;
        this.javaCppClass = javaCppClass;
        this.api = api;
    }

    /**
     * @return the JavaCPP class whose functions of the rows' names both remote (the agent) and run (the gpu
     *         backend): {@code global.cudart} for the runtime and driver API, the library's own class else.
     */
    public String javaCppClass()
    {
        return javaCppClass;
    }

    /**
     * @return whether JCuda binds the rows: a class whose natives are the rows' names plus {@code Native}.
     */
    public boolean jcuda()
    {
        return className != null;
    }

    /**
     * @return whether the rows are a CUDA library's rather than the runtime's or the driver's: they return the
     *         library's status, run in the context their first object was made in and are called by their own name.
     */
    public boolean library()
    {
        return api != Api.DRIVER && api != Api.RUNTIME;
    }

    /**
     * @return how the table and messages name the binding: the class's simple name.
     */
    public String token()
    {
        return token;
    }

    /**
     * @return the JCuda class, or null where no JCuda binding is remoted.
     */
    public String className()
    {
        return className;
    }

    public Api api()
    {
        return api;
    }
}
