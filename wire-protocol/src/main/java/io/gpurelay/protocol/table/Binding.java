package io.gpurelay.protocol.table;

import io.gpurelay.protocol.Api;

/**
 * A JCuda binding class whose natives table rows remote, and the API whose status codes their replies carry.
 */
public enum Binding implements TableToken
{
    JCUDA_DRIVER("JCudaDriver", "jcuda.driver.JCudaDriver", Api.DRIVER),
    JCUDA("JCuda", "jcuda.runtime.JCuda", Api.RUNTIME);

    private final String token;
    private final String className;
    private final Api api;

    Binding(final String token, final String className, final Api api)
    {
        this.token = token;
        this.className = className;
        this.api = api;
    }

    /**
     * @return how the table and messages name the binding: the class's simple name.
     */
    public String token()
    {
        return token;
    }

    public String className()
    {
        return className;
    }

    public Api api()
    {
        return api;
    }
}
