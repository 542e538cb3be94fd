package io.gpurelay.executor.counters;

import java.util.function.IntToLongFunction;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.Counter;
import io.gpurelay.executor.backend.BackendSession;
import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One session's statistics as Aeron counters in the CnC file of the media driver, so that {@code gpurelay stat} and
 * the metrics endpoint see every session, whichever process of the host serves it. Allocated when the session opens,
 * freed when it closes; written by the session's thread only.
 * <p>
 * Every counter of a session carries the same key: the session id, the client's pid and the pid of the process that
 * serves the session, and for a device memory counter the device. The label says the same for people
 * ({@code AeronStat}) and adds the client's name and host, as {@code name=value} words with no spaces in a value,
 * which is how readers take them back out.
 */
public final class SessionCounters implements AutoCloseable
{
    /**
     * Value: when the session opened, milliseconds since the epoch; {@link #CLOSED} from the moment the session
     * closes, since the media driver frees the counters only a little later.
     */
    public static final int STARTED_TYPE_ID = 7100;
    /** The value of a closed session's {@link #STARTED_TYPE_ID} counter: readers leave the session out. */
    public static final long CLOSED = -1;
    public static final int CALLS_TYPE_ID = 7101;
    public static final int BYTES_IN_TYPE_ID = 7102;
    public static final int BYTES_OUT_TYPE_ID = 7103;
    /** Calls answered with an error, and messages of the session that were malformed. */
    public static final int ERRORS_TYPE_ID = 7104;
    /** Bytes of device memory the session's allocations hold on one device (the key's device). */
    public static final int DEVICE_MEMORY_TYPE_ID = 7105;

    public static final int SESSION_ID_KEY_OFFSET = 0;
    public static final int CLIENT_PID_KEY_OFFSET = SESSION_ID_KEY_OFFSET + Long.BYTES;
    public static final int WORKER_PID_KEY_OFFSET = CLIENT_PID_KEY_OFFSET + Long.BYTES;
    /** The device of a {@link #DEVICE_MEMORY_TYPE_ID} counter; {@link #NO_DEVICE} for the others. */
    public static final int DEVICE_KEY_OFFSET = WORKER_PID_KEY_OFFSET + Long.BYTES;
    public static final int KEY_LENGTH = DEVICE_KEY_OFFSET + Integer.BYTES;
    public static final int NO_DEVICE = -1;

    /** Longest client name or host kept in a label: together they stay well below Aeron's 380-byte labels. */
    public static final int MAX_LABEL_VALUE_LENGTH = 64;
    /** Host of a client on the executor's own host (an IPC session). */
    public static final String LOCAL_HOST = "local";

    private final Counter started;
    private final Counter calls;
    private final Counter bytesIn;
    private final Counter bytesOut;
    private final Counter errors;
    private final Counter[] deviceMemory;

    private SessionCounters(
        final Counter started,
        final Counter calls,
        final Counter bytesIn,
        final Counter bytesOut,
        final Counter errors,
        final Counter[] deviceMemory)
    {
        this.started = started;
        this.calls = calls;
        this.bytesIn = bytesIn;
        this.bytesOut = bytesOut;
        this.errors = errors;
        this.deviceMemory = deviceMemory;
    }

    /**
     * Allocate a session's counters in the CnC file of the media driver {@code aeron} uses; the process that calls
     * this is the one that serves the session.
     *
     * @param responseChannel the channel the client asked for replies on: its endpoint names the client's host.
     */
    public static SessionCounters allocate(
        final Aeron aeron,
        final long sessionId,
        final String clientName,
        final String responseChannel,
        final long clientPid,
        final int deviceCount)
    {
        final long workerPid = ProcessHandle.current().pid();
        final String labelTail = ": client=" + labelValue(clientName) + " host=" + clientHost(responseChannel) +
            " pid=" + clientPid + " worker=" + workerPid;
        final UnsafeBuffer key = new UnsafeBuffer(new byte[KEY_LENGTH]);
        key.putLong(SESSION_ID_KEY_OFFSET, sessionId);
        key.putLong(CLIENT_PID_KEY_OFFSET, clientPid);
        key.putLong(WORKER_PID_KEY_OFFSET, workerPid);
        key.putInt(DEVICE_KEY_OFFSET, NO_DEVICE);
        final String session = "gpurelay session " + sessionId + " ";
        Counter started = null;
        Counter calls = null;
        Counter bytesIn = null;
        Counter bytesOut = null;
        Counter errors = null;
        final Counter[] deviceMemory = new Counter[deviceCount];
        try
        {
            started = add(aeron, STARTED_TYPE_ID, key, session + "started" + labelTail);
            calls = add(aeron, CALLS_TYPE_ID, key, session + "calls" + labelTail);
            bytesIn = add(aeron, BYTES_IN_TYPE_ID, key, session + "bytes in" + labelTail);
            bytesOut = add(aeron, BYTES_OUT_TYPE_ID, key, session + "bytes out" + labelTail);
            errors = add(aeron, ERRORS_TYPE_ID, key, session + "errors" + labelTail);
            for (int device = 0; device < deviceCount; device++)
            {
                key.putInt(DEVICE_KEY_OFFSET, device);
                deviceMemory[device] = add(aeron, DEVICE_MEMORY_TYPE_ID, key,
                    session + "device " + device + " memory bytes" + labelTail);
            }
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(started, calls, bytesIn, bytesOut, errors);
            CloseHelper.quietCloseAll(deviceMemory);
            throw ex;
        }
        started.setRelease(System.currentTimeMillis());
        return new SessionCounters(started, calls, bytesIn, bytesOut, errors, deviceMemory);
    }

    /**
     * The client's host as its response channel names it: the endpoint's host for UDP, {@link #LOCAL_HOST} for IPC.
     */
    static String clientHost(final String responseChannel)
    {
        try
        {
            final ChannelUri uri = ChannelUri.parse(responseChannel);
            final String endpoint = uri.get(CommonContext.ENDPOINT_PARAM_NAME);
            if (uri.isIpc() || endpoint == null)
            {
                return LOCAL_HOST;
            }
            final int colon = endpoint.lastIndexOf(':');
            final String host = colon > 0 ? endpoint.substring(0, colon) : endpoint;
            return labelValue(host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host);
        }
        catch (final RuntimeException ex)
        {
            return "unknown";
        }
    }

    /**
     * A client-chosen string as one word of a label: printable ASCII without spaces or '=', at most
     * {@link #MAX_LABEL_VALUE_LENGTH} characters; anything else becomes '_'. Never empty.
     */
    public static String labelValue(final String value)
    {
        if (value == null || value.isEmpty())
        {
            return "_";
        }
        final int length = Math.min(value.length(), MAX_LABEL_VALUE_LENGTH);
        final StringBuilder word = new StringBuilder(length);
        for (int i = 0; i < length; i++)
        {
            final char c = value.charAt(i);
            word.append(c > ' ' && c < 127 && c != '=' ? c : '_');
        }
        return word.toString();
    }

    public void onCall()
    {
        calls.incrementRelease();
    }

    public void onError()
    {
        errors.incrementRelease();
    }

    public void addBytesIn(final long bytes)
    {
        bytesIn.getAndAddRelease(bytes);
    }

    public void addBytesOut(final long bytes)
    {
        bytesOut.getAndAddRelease(bytes);
    }

    /**
     * Take the device memory the session's allocations hold from its backend session, after a call that may have
     * changed it.
     */
    public void updateDeviceMemory(final BackendSession backendSession)
    {
        updateDeviceMemory(backendSession::allocatedBytes);
    }

    public void updateDeviceMemory(final IntToLongFunction bytesOnDevice)
    {
        for (int device = 0; device < deviceMemory.length; device++)
        {
            final long bytes = bytesOnDevice.applyAsLong(device);
            if (deviceMemory[device].getPlain() != bytes)
            {
                deviceMemory[device].setRelease(bytes);
            }
        }
    }

    /**
     * Mark the session closed, before the executor counts it closed, so that a reader who sees the closed count
     * sees the session gone, and its memory with it; then free the counters.
     */
    public void close()
    {
        markClosed();
        CloseHelper.closeAll(started, calls, bytesIn, bytesOut, errors);
        CloseHelper.closeAll(deviceMemory);
    }

    public void markClosed()
    {
        for (final Counter device : deviceMemory)
        {
            if (device != null && !device.isClosed())
            {
                device.setRelease(0);
            }
        }
        if (!started.isClosed())
        {
            started.setRelease(CLOSED);
        }
    }

    private static Counter add(final Aeron aeron, final int typeId, final UnsafeBuffer key, final String label)
    {
        final UnsafeBuffer labelBuffer = new UnsafeBuffer(new byte[label.length()]);
        labelBuffer.putStringWithoutLengthAscii(0, label);
        return aeron.addCounter(typeId, key, 0, KEY_LENGTH, labelBuffer, 0, label.length());
    }
}
