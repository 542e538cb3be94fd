package io.gpurelay.protocol;

import io.aeron.ChannelUri;
import io.gpurelay.protocol.codecs.CallEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import org.agrona.SemanticVersion;

/**
 * Constants both sides of the wire agree on.
 */
public final class Protocol
{
    /**
     * Version of the protocol a client speaks. Major or minor differences are refused at connect time; patch
     * differences are compatible. Minor 2: the handshake proves the token instead of sending it, UDP sessions
     * are sealed, and a session may end with {@code SessionFailed} (process isolation). Patch 1: the control stream
     * also takes {@code StatRequest} (remote {@code gpurelay stat}), which an older executor ignores. Patch 2: the
     * shared-memory transfer region is a ring of small slots whose geometry its header gives, under a new file name
     * prefix, so that a client and an executor of the two layouts never share one (copies then move through Aeron);
     * and pinned host memory is shared over IPC ({@link PinnedMemoryFiles}): functions {@code CUDA_HOST_ALLOC} to
     * {@code CUDA_HOST_GET_DEVICE_POINTER} (35-38) and {@code CU_MEM_HOST_ALLOC} to
     * {@code CU_MEM_HOST_GET_DEVICE_POINTER} (137-139, 141); an older executor answers them not supported and the
     * client keeps pinned memory to itself, as before. No message or field changed.
     * <p>
     * Minor 3: the function table ({@code gpurelay-functions.txt}): its rows are functions 1000 and up, their
     * arguments in the order of the row's roles, and functions 104 and 124 moved onto it (their ids are retired);
     * cuBLAS routines of any element type, functions 420-458 and 466-472, and cuBLAS's handle settings and library
     * properties, 459-465 (the _64 routines travel as these with their 64-bit values); NVRTC's binary outputs and
     * supported architectures (350-353), cuRAND's quasi-random settings, seeds, Sobol' tables and Poisson
     * distributions (307-309, 319-320); cuFFT's plans and transforms, functions 370-380 (an executor without them
     * answers them not supported); nvPTXCompiler, functions 480-489;
     * stream callbacks and host functions, functions
     * 400-403, with {@code CallbackDue} on the response stream and {@code CallbackDone} and {@code KeepAlive} on the
     * session's callback stream ({@link #callbackStreamId}); and {@code Sealed} has a segment length, a large message
     * being sealed in segments with a nonce each, and every tag covers the ciphertext's length. Sealed messages of
     * 1.2 and 1.3 do not open each other, hence the minor version.
     * <p>
     * Patch 1 (1.3.1): CUDA graphs, 500-541; pitched memory, CUDA arrays and 2D/3D copies, 550-566; stream-ordered
     * allocation, memory pools, stream priorities and attributes, cooperative launches, primary-context flags and the
     * JIT linker, 610-623, and table rows 1400-1405; managed memory, pointer and range attributes, 660-671, and table
     * row 1500. A 1.3.0 executor refuses each of them by name, which is all a patch may ask of an older peer.
     * <p>
     * Patch 2 (1.3.2): texture and surface objects and the array queries, 700-715; virtual memory management,
     * cuPointerSetAttribute and cuMemRetainAllocationHandle, 720-731; kernel node attributes, 740-742; texture and
     * surface references, table rows 1600-1631 (with the table's new roles). Again functions only, which a 1.3.0
     * or 1.3.1 executor refuses by name.
     * <p>
     * Patch 3 (1.3.3): the six graph calls that can end a hold on a host node's key (cuGraphDestroy,
     * cuGraphDestroyNode, cuGraphHostNodeSetParams, cuGraphExecDestroy, cuGraphExecHostNodeSetParams,
     * cuGraphExecChildGraphNodeSetParams) take an optional last argument asking for the keys the call released, which
     * the reply then carries. An older executor reads only the arguments it knows and answers as before, so the agent
     * forgets nothing; an older agent does not ask and gets the old reply.
     * <p>
     * Patch 4 (1.3.4): the failure reply of cuGraphLaunch carries, as its first value, how many of the launch's host
     * node callbacks the executor queued before the failure (those come due; the others never do, and the agent
     * forgets them). An older agent reads no values of a failed pipelined call; from an older executor the agent hears
     * no count and keeps the launch's callbacks, as before.
     */
    public static final int PROTOCOL_VERSION = SemanticVersion.compose(
        CallEncoder.SCHEMA_VERSION, 3, 4);

    /** Stream the executor listens on for {@code ConnectRequest}s. */
    public static final int CONTROL_STREAM_ID = 1100;

    /** Default stream a client receives its replies on (a client picks another to share a channel). */
    public static final int DEFAULT_RESPONSE_STREAM_ID = 1101;

    /** First stream id the executor hands out for sessions' requests; it counts up from there. */
    public static final int SESSION_STREAM_ID_BASE = 0x4000_0000;

    /** Stream ids of sessions' requests are the base plus an index of this many bits, counting round. */
    public static final int SESSION_STREAM_INDEX_MASK = 0x3FFF_FFFF;

    /**
     * The stream a session's client answers {@code CallbackDue} on, with {@code CallbackDone}: the negative of the
     * session's request stream id (request streams are positive, so no stream of the executor's channel has this id),
     * on the executor's channel, published with the request publication's Aeron session id.
     */
    public static int callbackStreamId(final int requestStreamId)
    {
        return -requestStreamId;
    }

    /**
     * Lowest Aeron session id the executor assigns a client's request publication: a media driver assigns ids from
     * its reserved range (-1 to 1000 by default) to publications that do not name one.
     */
    public static final int MIN_REQUEST_PUBLICATION_SESSION_ID = 1001;

    /** Upper bound on one bulk chunk: big enough to amortise per-message costs, small enough to pipeline. */
    public static final int MAX_CHUNK_LENGTH = 1024 * 1024;

    /** Room kept in a message for the SBE header, fixed fields, groups and var-data length prefixes. */
    public static final int MESSAGE_OVERHEAD = 512;

    public static final String DEFAULT_CHANNEL = "aeron:ipc";

    private Protocol()
    {
    }

    /**
     * Whether sessions on this executor channel are sealed (encrypted, authenticated, numbered): every channel that
     * leaves the host's shared memory, that is every one but IPC.
     */
    public static boolean sealsSessions(final String executorChannel)
    {
        return !ChannelUri.parse(executorChannel).isIpc();
    }

    public static String versionString(final int version)
    {
        return SemanticVersion.toString(version);
    }

    /**
     * Whether an executor speaking {@code executorVersion} serves a client speaking {@code clientVersion}.
     */
    public static boolean compatible(final int clientVersion, final int executorVersion)
    {
        return SemanticVersion.major(clientVersion) == SemanticVersion.major(executorVersion) &&
            SemanticVersion.minor(clientVersion) == SemanticVersion.minor(executorVersion);
    }

    /**
     * The biggest payload chunk that fits one message of a publication with this maximum message length.
     */
    public static int chunkLength(final int maxMessageLength)
    {
        return Math.min(MAX_CHUNK_LENGTH, maxMessageLength - MESSAGE_OVERHEAD - MessageHeaderEncoder.ENCODED_LENGTH);
    }
}
