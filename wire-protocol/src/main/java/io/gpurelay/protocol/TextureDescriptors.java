package io.gpurelay.protocol;

/**
 * Where the members of CUDA's texture and surface descriptors sit among a call's arguments or a reply's values
 * ({@link Function#CU_TEX_OBJECT_CREATE} and its siblings), so that the agent and the executor read one layout. A
 * float member travels as its IEEE bits ({@link Float#floatToRawIntBits}); the runtime's descriptors travel in the
 * driver's form (a channel format as a {@code CUarray_format} and a channel count, the texture's read mode,
 * normalisation and sRGB as the driver's flags).
 */
public final class TextureDescriptors
{
    // CUDA_RESOURCE_DESC: resType, flags, then the member of res its type names.
    /** CUresourcetype: 0 array, 1 mipmapped array, 2 linear, 3 pitch2D. */
    public static final int RESOURCE_TYPE = 0;
    public static final int RESOURCE_FLAGS = 1;
    /** The array's or mipmapped array's handle, or linear or pitch2D memory's device address. */
    public static final int RESOURCE_HANDLE = 2;
    /** CUarray_format of linear and pitch2D memory. */
    public static final int RESOURCE_FORMAT = 3;
    public static final int RESOURCE_CHANNELS = 4;
    /** sizeInBytes of linear memory, width (in elements) of pitch2D memory. */
    public static final int RESOURCE_SIZE_OR_WIDTH = 5;
    public static final int RESOURCE_HEIGHT = 6;
    public static final int RESOURCE_PITCH = 7;
    public static final int RESOURCE_VALUES = 8;

    public static final int TYPE_ARRAY = 0;
    public static final int TYPE_MIPMAPPED_ARRAY = 1;
    public static final int TYPE_LINEAR = 2;
    public static final int TYPE_PITCH2D = 3;

    // CUDA_TEXTURE_DESC: addressMode[3], filterMode, flags, maxAnisotropy, mipmapFilterMode, mipmapLevelBias,
    // minMipmapLevelClamp, maxMipmapLevelClamp, borderColor[4].
    public static final int TEXTURE_ADDRESS_MODE = 0;
    public static final int TEXTURE_FILTER_MODE = 3;
    public static final int TEXTURE_FLAGS = 4;
    public static final int TEXTURE_MAX_ANISOTROPY = 5;
    public static final int TEXTURE_MIPMAP_FILTER_MODE = 6;
    public static final int TEXTURE_MIPMAP_LEVEL_BIAS = 7;
    public static final int TEXTURE_MIN_MIPMAP_LEVEL_CLAMP = 8;
    public static final int TEXTURE_MAX_MIPMAP_LEVEL_CLAMP = 9;
    public static final int TEXTURE_BORDER_COLOR = 10;
    public static final int TEXTURE_VALUES = 14;

    /** CU_TRSF_READ_AS_INTEGER: the runtime's cudaReadModeElementType. */
    public static final int FLAG_READ_AS_INTEGER = 0x01;
    public static final int FLAG_NORMALIZED_COORDINATES = 0x02;
    public static final int FLAG_SRGB = 0x10;
    public static final int FLAG_DISABLE_TRILINEAR_OPTIMIZATION = 0x20;
    public static final int FLAG_SEAMLESS_CUBEMAP = 0x40;

    // CUDA_RESOURCE_VIEW_DESC: format, width, height, depth, firstMipmapLevel, lastMipmapLevel, firstLayer,
    // lastLayer.
    public static final int VIEW_FORMAT = 0;
    public static final int VIEW_WIDTH = 1;
    public static final int VIEW_HEIGHT = 2;
    public static final int VIEW_DEPTH = 3;
    public static final int VIEW_FIRST_MIPMAP_LEVEL = 4;
    public static final int VIEW_LAST_MIPMAP_LEVEL = 5;
    public static final int VIEW_FIRST_LAYER = 6;
    public static final int VIEW_LAST_LAYER = 7;
    public static final int VIEW_VALUES = 8;
    /**
     * The reply of a view query adds whether CUDA wrote a view (1) or left the descriptor as it was (0): it answers
     * success and writes nothing for an object made without a view, or over linear or pitch2D memory.
     */
    public static final int VIEW_WRITTEN = VIEW_VALUES;
    public static final int VIEW_REPLY_VALUES = VIEW_VALUES + 1;

    /** Where cuTexObjectCreate's arguments put the texture description, the view flag and the view. */
    public static final int CREATE_TEXTURE = RESOURCE_VALUES;
    public static final int CREATE_VIEW_GIVEN = CREATE_TEXTURE + TEXTURE_VALUES;
    public static final int CREATE_VIEW = CREATE_VIEW_GIVEN + 1;
    public static final int CREATE_ARGUMENTS = CREATE_VIEW + VIEW_VALUES;

    /** Values of the array sparse properties: tile width, height, depth, miptailFirstLevel, miptailSize, flags. */
    public static final int SPARSE_PROPERTIES_VALUES = 6;

    private TextureDescriptors()
    {
    }
}
