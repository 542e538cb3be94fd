package io.gpurelay.protocol.describe;

import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.NvrtcStatus;

/**
 * A library whose functions {@link LibraryFunctions} describes: its API, the status a call returns when no executor
 * answers (the library's own word for "cannot start"), and whether its calls run in the calling thread's current
 * context (generators and plans live in one; NVRTC's programs need none).
 */
public enum Library
{
    CURAND(Api.CURAND, CurandStatus.INITIALIZATION_FAILED, true),
    CUFFT(Api.CUFFT, CufftStatus.SETUP_FAILED, true),
    NVRTC(Api.NVRTC, NvrtcStatus.INTERNAL_ERROR, false);

    private final Api api;
    private final int unavailableStatus;
    private final boolean contextual;

    Library(final Api api, final int unavailableStatus, final boolean contextual)
    {
        this.api = api;
        this.unavailableStatus = unavailableStatus;
        this.contextual = contextual;
    }

    public Api api()
    {
        return api;
    }

    public int unavailableStatus()
    {
        return unavailableStatus;
    }

    public boolean contextual()
    {
        return contextual;
    }

    /** @return the library's name for a status it returns ({@code CURAND_STATUS_LAUNCH_FAILURE}). */
    public String statusName(final int status)
    {
        return switch (this)
        {
            case CURAND -> CurandStatus.name(status);
            case CUFFT -> CufftStatus.name(status);
            case NVRTC -> NvrtcStatus.name(status);
        };
    }
}
