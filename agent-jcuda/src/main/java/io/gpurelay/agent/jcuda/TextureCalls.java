package io.gpurelay.agent.jcuda;

import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_CHANNELS;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_FLAGS;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_FORMAT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HANDLE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HEIGHT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_PITCH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_SIZE_OR_WIDTH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_TYPE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.SPARSE_PROPERTIES_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_ARRAY;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_LINEAR;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_MIPMAPPED_ARRAY;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_PITCH2D;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_DEPTH;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_FIRST_LAYER;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_FIRST_MIPMAP_LEVEL;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_FORMAT;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_HEIGHT;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_LAST_LAYER;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_LAST_MIPMAP_LEVEL;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_REPLY_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_WIDTH;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_WRITTEN;

import java.util.function.LongSupplier;

import io.gpurelay.protocol.RemotedFunction;
import jcuda.NativePointerObject;
import jcuda.Pointer;

/**
 * What the driver's and the runtime's texture and surface objects and array queries have in common
 * ({@code DriverTextures} and {@code RuntimeTextures} call these): the arguments and answers in the layout of
 * {@link io.gpurelay.protocol.TextureDescriptors}, the null checks that name the parameter and the function, and the
 * reading of an answer only on success. The two APIs' JCuda structs have the same members but no common type, so
 * each side passes small setters that write an answer's values into its own struct, and its way of sending a function
 * ({@link Sender}).
 */
public final class TextureCalls
{
    /** Success is 0 in both APIs' statuses. */
    private static final int SUCCESS = 0;

    /**
     * Sends a function with no payload and returns the API's status: the driver's in the calling thread's context,
     * the runtime's in the current device's primary context, remembered as the thread's last error.
     */
    @FunctionalInterface
    public interface Sender
    {
        int send(RemotedFunction function, long[] args, long[] results);
    }

    /**
     * Takes the values of a successful answer.
     */
    @FunctionalInterface
    public interface Answer
    {
        void read(long[] values);
    }

    /**
     * Writes a resource descriptor's answer into the API's struct: the type and flags, then the members of the type.
     */
    public interface ResourceFields
    {
        void type(int type, int flags);

        void array(long handle);

        void mipmappedArray(long handle);

        void linear(long address, int format, int channels, long sizeInBytes);

        void pitch2D(long address, int format, int channels, long width, long height, long pitchInBytes);
    }

    /**
     * Writes a resource view descriptor's answer into the API's struct.
     */
    @FunctionalInterface
    public interface ViewFields
    {
        void set(int format, long width, long height, long depth, int firstMipmapLevel, int lastMipmapLevel,
            int firstLayer, int lastLayer);
    }

    /**
     * Writes an array's sparse properties into the API's struct.
     */
    @FunctionalInterface
    public interface SparseFields
    {
        void set(int tileWidth, int tileHeight, int tileDepth, int miptailFirstLevel, long miptailSize, int flags);
    }

    /**
     * Writes an array's memory requirements into the API's struct.
     */
    @FunctionalInterface
    public interface RequirementFields
    {
        void set(long size, long alignment);
    }

    private TextureCalls()
    {
    }

    /**
     * A resource descriptor's type and flags, as arguments 0 and 1; the members of its type follow by
     * {@link #handle(NativePointerObject)} or {@link #memoryResource}.
     */
    public static void resource(final long[] args, final int type, final int flags)
    {
        args[RESOURCE_TYPE] = Integer.toUnsignedLong(type);
        args[RESOURCE_FLAGS] = Integer.toUnsignedLong(flags);
    }

    /**
     * Linear (height and pitch 0) or pitch2D memory's members, as arguments 2 to 7.
     */
    public static void memoryResource(final long[] args, final Pointer pointer, final int format, final int channels,
        final long sizeOrWidth, final long height, final long pitch)
    {
        args[RESOURCE_HANDLE] = pointer == null ? 0 : JCudaPointers.address(pointer);
        args[RESOURCE_FORMAT] = Integer.toUnsignedLong(format);
        args[RESOURCE_CHANNELS] = Integer.toUnsignedLong(channels);
        args[RESOURCE_SIZE_OR_WIDTH] = sizeOrWidth;
        args[RESOURCE_HEIGHT] = height;
        args[RESOURCE_PITCH] = pitch;
    }

    /**
     * Sends a function that makes an object and sets the object's handle from the answer on success.
     */
    public static int create(final Sender sender, final RemotedFunction function, final long[] args,
        final NativePointerObject object)
    {
        return query(sender, function, args, 1, values -> JCudaPointers.setNativePointer(object, values[0]));
    }

    public static int destroy(final Sender sender, final RemotedFunction function, final String name,
        final NativePointerObject object, final boolean surface)
    {
        requireNonNull(object, objectName(surface), name);
        return sender.send(function, objectArguments(object, surface), null);
    }

    /**
     * A texture's or surface's resource descriptor, read into the API's struct by {@code fields}.
     */
    public static int resourceDesc(final Sender sender, final RemotedFunction function, final String name,
        final Object pResDesc, final NativePointerObject object, final boolean surface, final ResourceFields fields)
    {
        requireNonNull(pResDesc, "pResDesc", name);
        requireNonNull(object, objectName(surface), name);
        return query(sender, function, objectArguments(object, surface), RESOURCE_VALUES, values ->
        {
            fields.type((int)values[RESOURCE_TYPE], (int)values[RESOURCE_FLAGS]);
            switch ((int)values[RESOURCE_TYPE])
            {
                case TYPE_ARRAY -> fields.array(values[RESOURCE_HANDLE]);
                case TYPE_MIPMAPPED_ARRAY -> fields.mipmappedArray(values[RESOURCE_HANDLE]);
                case TYPE_LINEAR -> fields.linear(values[RESOURCE_HANDLE], (int)values[RESOURCE_FORMAT],
                    (int)values[RESOURCE_CHANNELS], values[RESOURCE_SIZE_OR_WIDTH]);
                case TYPE_PITCH2D -> fields.pitch2D(values[RESOURCE_HANDLE], (int)values[RESOURCE_FORMAT],
                    (int)values[RESOURCE_CHANNELS], values[RESOURCE_SIZE_OR_WIDTH], values[RESOURCE_HEIGHT],
                    values[RESOURCE_PITCH]);
                default ->
                {
                }
            }
        });
    }

    /**
     * A texture's resource view descriptor. CUDA answers success and leaves the descriptor as it was for an object
     * that has no view, so {@code fields} hears only of a view CUDA wrote.
     */
    public static int resourceViewDesc(final Sender sender, final RemotedFunction function, final String name,
        final Object pResViewDesc, final NativePointerObject texObject, final ViewFields fields)
    {
        requireNonNull(pResViewDesc, "pResViewDesc", name);
        requireNonNull(texObject, "texObject", name);
        return query(sender, function, new long[]{ JCudaPointers.nativePointer(texObject) }, VIEW_REPLY_VALUES,
            values ->
            {
                if (values[VIEW_WRITTEN] != 0)
                {
                    fields.set((int)values[VIEW_FORMAT], values[VIEW_WIDTH], values[VIEW_HEIGHT], values[VIEW_DEPTH],
                        (int)values[VIEW_FIRST_MIPMAP_LEVEL], (int)values[VIEW_LAST_MIPMAP_LEVEL],
                        (int)values[VIEW_FIRST_LAYER], (int)values[VIEW_LAST_LAYER]);
                }
            });
    }

    /**
     * An array's or mipmapped array's sparse properties.
     */
    public static int sparseProperties(final Sender sender, final RemotedFunction function, final String name,
        final Object sparseProperties, final NativePointerObject array, final boolean mipmapped,
        final SparseFields fields)
    {
        requireNonNull(sparseProperties, "sparseProperties", name);
        requireNonNull(array, arrayName(mipmapped), name);
        return query(sender, function, new long[]{ JCudaPointers.nativePointer(array), mipmapped ? 1 : 0 },
            SPARSE_PROPERTIES_VALUES, values -> fields.set((int)values[0], (int)values[1], (int)values[2],
                (int)values[3], values[4], (int)values[5]));
    }

    /**
     * An array's or mipmapped array's memory requirements on a device.
     *
     * @param device the device's argument, taken after the struct and the array are checked (the driver checks its
     *               device handle there).
     */
    public static int memoryRequirements(final Sender sender, final RemotedFunction function, final String name,
        final Object memoryRequirements, final NativePointerObject array, final boolean mipmapped,
        final LongSupplier device, final RequirementFields fields)
    {
        requireNonNull(memoryRequirements, "memoryRequirements", name);
        requireNonNull(array, arrayName(mipmapped), name);
        final long[] args = { JCudaPointers.nativePointer(array), mipmapped ? 1 : 0, device.getAsLong() };
        return query(sender, function, args, 2, values -> fields.set(values[0], values[1]));
    }

    public static int arrayGetPlane(final Sender sender, final RemotedFunction function, final String name,
        final NativePointerObject pPlaneArray, final NativePointerObject hArray, final int planeIdx)
    {
        requireNonNull(pPlaneArray, "pPlaneArray", name);
        requireNonNull(hArray, "hArray", name);
        return create(sender, function,
            new long[]{ JCudaPointers.nativePointer(hArray), Integer.toUnsignedLong(planeIdx) }, pPlaneArray);
    }

    /**
     * Sends a function and hands its answer of {@code values} values to {@code answer} on success.
     */
    public static int query(final Sender sender, final RemotedFunction function, final long[] args, final int values,
        final Answer answer)
    {
        final long[] results = new long[values];
        final int status = sender.send(function, args, results);
        if (status == SUCCESS)
        {
            answer.read(results);
        }
        return status;
    }

    /**
     * @return the object's handle, 0 for none.
     */
    public static long handle(final NativePointerObject object)
    {
        return object == null ? 0 : JCudaPointers.nativePointer(object);
    }

    /**
     * @return the object, now holding the handle.
     */
    public static <T extends NativePointerObject> T handle(final T object, final long value)
    {
        JCudaPointers.setNativePointer(object, value);
        return object;
    }

    /**
     * Throws as JCuda's own checks do, naming the parameter and the function.
     */
    public static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }

    private static long[] objectArguments(final NativePointerObject object, final boolean surface)
    {
        return new long[]{ JCudaPointers.nativePointer(object), surface ? 1 : 0 };
    }

    private static String objectName(final boolean surface)
    {
        return surface ? "surfObject" : "texObject";
    }

    private static String arrayName(final boolean mipmapped)
    {
        return mipmapped ? "mipmap" : "array";
    }
}
