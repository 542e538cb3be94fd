package io.gpurelay.executor.backend.emulated;

import java.util.Set;

import io.gpurelay.executor.backend.ArrayDescriptor;
import io.gpurelay.executor.backend.BackendArray;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.TableCall;
import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.emulator.ptx.PtxModule;
import io.gpurelay.protocol.table.ArgumentRole;

/**
 * The legacy texture and surface references on the emulator. Its PTX has no texture instructions, so nothing reads
 * through a reference; what it keeps is a reference's state, as CUDA's driver keeps it, with CUDA's checks: the
 * format, address modes, filter modes, mipmap settings, anisotropy, border colour and flags a program sets and reads
 * back, and what the reference is bound to: an array, a mipmapped array, or a range of the session's device memory
 * (whose start CUDA aligns down to the texture alignment, answering the byte offset; the emulator aligns to its
 * allocations' 256 bytes). A texture reference of a
 * fresh {@code cuTexRefCreate} is all zeros. {@code cuModuleGetTexRef} and {@code cuModuleGetSurfRef} find the
 * module's {@code .global .texref} and {@code .global .surfref} declarations by name and answer CUDA_ERROR_NOT_FOUND,
 * as CUDA does, for a name the module does not declare. The references die with the session (they are the session's
 * Java objects).
 */
final class EmulatedTextureReferences
{
    /** The rows this class runs. */
    static final Set<String> NAMES = Set.of("cuTexRefCreate", "cuTexRefDestroy", "cuModuleGetTexRef",
        "cuModuleGetSurfRef", "cuTexRefSetArray", "cuTexRefSetMipmappedArray", "cuTexRefSetAddress",
        "cuTexRefSetFormat", "cuTexRefSetAddress2D", "cuTexRefSetAddressMode", "cuTexRefSetFilterMode",
        "cuTexRefSetMipmapFilterMode", "cuTexRefSetMipmapLevelBias", "cuTexRefSetMipmapLevelClamp",
        "cuTexRefSetMaxAnisotropy", "cuTexRefSetBorderColor", "cuTexRefSetFlags", "cuTexRefGetAddress",
        "cuTexRefGetAddressMode", "cuTexRefGetFilterMode", "cuTexRefGetFormat", "cuTexRefGetMipmapFilterMode",
        "cuTexRefGetMipmapLevelBias", "cuTexRefGetMipmapLevelClamp", "cuTexRefGetMaxAnisotropy",
        "cuTexRefGetBorderColor", "cuTexRefGetFlags", "cuSurfRefSetArray");

    /**
     * The alignment a texture's base address takes: the emulator's allocations', so that memory from
     * {@code cuMemAlloc} binds at offset 0, as CUDA promises. (The device's {@code CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT}
     * says 512, a multiple of it.)
     */
    private static final long TEXTURE_ALIGNMENT = DeviceMemory.ALIGNMENT;
    /** {@code CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT} of the emulated device. */
    private static final long TEXTURE_PITCH_ALIGNMENT = 32;
    /** {@code CU_TRSA_OVERRIDE_FORMAT}: the array's format becomes the reference's. */
    private static final long OVERRIDE_FORMAT = 0x01;
    /** {@code CUDA_ARRAY3D_SURFACE_LDST}: an array a surface may be bound to. */
    private static final int SURFACE_LDST = 0x02;
    /** {@code CU_TR_ADDRESS_MODE_WRAP} ... {@code CU_TR_ADDRESS_MODE_BORDER}. */
    private static final long ADDRESS_MODE_LAST = 3;
    /** {@code CU_TR_FILTER_MODE_POINT}, {@code CU_TR_FILTER_MODE_LINEAR}. */
    private static final long FILTER_MODE_LAST = 1;

    private final EmulatedBackendSession session;

    EmulatedTextureReferences(final EmulatedBackendSession session)
    {
        this.session = session;
    }

    /**
     * A texture or surface reference of the emulator: what CUDA keeps for one.
     */
    static final class Reference
    {
        int format;
        int channels;
        final int[] addressModes = new int[3];
        int filterMode;
        int mipmapFilterMode;
        float mipmapLevelBias;
        float minMipmapLevelClamp;
        float maxMipmapLevelClamp;
        int maxAnisotropy;
        final float[] borderColor = new float[4];
        int flags;
        BackendArray array;
        BackendArray[] mipmappedArray;
        /** The device address it is bound to (0 for none), and its bytes. */
        long address;
        long bytes;

        void unbind()
        {
            array = null;
            mipmappedArray = null;
            address = 0;
            bytes = 0;
        }
    }

    void call(final TableCall call, final CallResult result)
    {
        final String name = call.row().name();
        if (name.equals("cuTexRefCreate"))
        {
            call.made(new Reference());
            return;
        }
        if (name.equals("cuModuleGetTexRef") || name.equals("cuModuleGetSurfRef"))
        {
            final boolean texture = name.equals("cuModuleGetTexRef");
            final String symbol = call.text(call.indexOf(ArgumentRole.IN_STRING));
            final PtxModule module = ((EmulatedModule)call.object(call.indexOf(ArgumentRole.MODULE))).instance()
                .module();
            if (texture ? module.declaresTextureReference(symbol) : module.declaresSurfaceReference(symbol))
            {
                call.made(new Reference());
                return;
            }
            result.fail(CudaError.NOT_FOUND, name + ": the module declares no " + (texture ? "texture" : "surface") +
                " reference '" + symbol + "'");
            return;
        }
        final int referenceIndex = call.indexOf(ArgumentRole.SURFREF) >= 0 ? call.indexOf(ArgumentRole.SURFREF) :
            call.indexOf(ArgumentRole.TEXREF) >= 0 ? call.indexOf(ArgumentRole.TEXREF) :
            call.indexOf(ArgumentRole.FREE_TEXREF);
        final Reference reference = (Reference)call.object(referenceIndex);
        switch (name)
        {
            case "cuTexRefDestroy" -> reference.unbind();
            case "cuTexRefSetArray", "cuSurfRefSetArray" -> setArray(call, reference, result);
            case "cuTexRefSetMipmappedArray" -> setMipmappedArray(call, reference, result);
            case "cuTexRefSetAddress" -> setAddress(call, reference, result);
            case "cuTexRefSetAddress2D" -> setAddress2D(call, reference, result);
            case "cuTexRefSetFormat" ->
            {
                final int format = (int)call.scalar(1);
                final int channels = (int)call.scalar(2);
                if (!isFormat(format, channels))
                {
                    result.fail(CudaError.INVALID_VALUE, name + ": format 0x" + Integer.toHexString(format) +
                        " with " + channels + " components is not a format of 1, 2 or 4 components of 8, 16 or " +
                        "32 bits");
                    return;
                }
                reference.format = format;
                reference.channels = channels;
            }
            case "cuTexRefSetAddressMode" ->
            {
                if (dimension(call, 1, result) && inRange(call, 2, ADDRESS_MODE_LAST, "address mode", result))
                {
                    reference.addressModes[(int)call.scalar(1)] = (int)call.scalar(2);
                }
            }
            case "cuTexRefSetFilterMode" ->
            {
                if (inRange(call, 1, FILTER_MODE_LAST, "filter mode", result))
                {
                    reference.filterMode = (int)call.scalar(1);
                }
            }
            case "cuTexRefSetMipmapFilterMode" ->
            {
                if (inRange(call, 1, FILTER_MODE_LAST, "filter mode", result))
                {
                    reference.mipmapFilterMode = (int)call.scalar(1);
                }
            }
            case "cuTexRefSetMipmapLevelBias" -> reference.mipmapLevelBias = Float.intBitsToFloat((int)call.scalar(1));
            case "cuTexRefSetMipmapLevelClamp" ->
            {
                reference.minMipmapLevelClamp = Float.intBitsToFloat((int)call.scalar(1));
                reference.maxMipmapLevelClamp = Float.intBitsToFloat((int)call.scalar(2));
            }
            case "cuTexRefSetMaxAnisotropy" -> reference.maxAnisotropy = (int)call.scalar(1);
            case "cuTexRefSetBorderColor" -> System.arraycopy(call.floats(1), 0, reference.borderColor, 0, 4);
            case "cuTexRefSetFlags" -> reference.flags = (int)call.scalar(1);
            case "cuTexRefGetAddress" ->
            {
                if (reference.address == 0)
                {
                    result.fail(CudaError.INVALID_VALUE, name + ": the texture reference is bound to no device " +
                        "memory");
                    return;
                }
                result.value(reference.address);
            }
            case "cuTexRefGetAddressMode" ->
            {
                if (dimension(call, 2, result))
                {
                    result.value(reference.addressModes[(int)call.scalar(2)]);
                }
            }
            case "cuTexRefGetFilterMode" -> result.value(reference.filterMode);
            case "cuTexRefGetFormat" -> result.value(reference.format).value(reference.channels);
            case "cuTexRefGetMipmapFilterMode" -> result.value(reference.mipmapFilterMode);
            case "cuTexRefGetMipmapLevelBias" -> result.value(bits(reference.mipmapLevelBias));
            case "cuTexRefGetMipmapLevelClamp" -> result.value(bits(reference.minMipmapLevelClamp))
                .value(bits(reference.maxMipmapLevelClamp));
            case "cuTexRefGetMaxAnisotropy" -> result.value(reference.maxAnisotropy);
            case "cuTexRefGetBorderColor" ->
            {
                for (final float value : reference.borderColor)
                {
                    result.value(bits(value));
                }
            }
            case "cuTexRefGetFlags" -> result.value(Integer.toUnsignedLong(reference.flags));
            default -> throw new IllegalStateException(name + " is no texture or surface reference function");
        }
    }

    private static void setArray(final TableCall call, final Reference reference, final CallResult result)
    {
        final String name = call.row().name();
        final BackendArray array = (BackendArray)call.object(call.indexOf(ArgumentRole.ARRAY));
        final long flags = call.scalar(call.indexOf(ArgumentRole.IN_UINT));
        final ArrayDescriptor descriptor = array.descriptor();
        if (name.equals("cuSurfRefSetArray"))
        {
            if (flags != 0 || (descriptor.flags() & SURFACE_LDST) == 0)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": " + (flags != 0 ? "flags 0x" +
                    Long.toHexString(flags) + " are not 0" : "the array was not made with CUDA_ARRAY3D_SURFACE_LDST"));
                return;
            }
        }
        else if ((flags & ~OVERRIDE_FORMAT) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": flags 0x" + Long.toHexString(flags) + " are not " +
                "CU_TRSA_OVERRIDE_FORMAT");
            return;
        }
        reference.unbind();
        reference.array = array;
        if ((flags & OVERRIDE_FORMAT) != 0)
        {
            reference.format = descriptor.format();
            reference.channels = descriptor.channels();
        }
    }

    private static void setMipmappedArray(final TableCall call, final Reference reference, final CallResult result)
    {
        final BackendArray[] levels = (BackendArray[])call.object(call.indexOf(ArgumentRole.MIPMAPPED_ARRAY));
        final long flags = call.scalar(call.indexOf(ArgumentRole.IN_UINT));
        if ((flags & ~OVERRIDE_FORMAT) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, call.row().name() + ": flags 0x" + Long.toHexString(flags) +
                " are not CU_TRSA_OVERRIDE_FORMAT");
            return;
        }
        reference.unbind();
        reference.mipmappedArray = levels;
        if ((flags & OVERRIDE_FORMAT) != 0)
        {
            reference.format = levels[0].descriptor().format();
            reference.channels = levels[0].descriptor().channels();
        }
    }

    /**
     * CUDA binds the texture to the address aligned down to the texture alignment and answers how far the address
     * is past it, which a kernel adds to its fetches.
     */
    private void setAddress(final TableCall call, final Reference reference, final CallResult result)
    {
        final int index = call.indexOf(ArgumentRole.DEVPTR);
        final long address = call.scalar(index);
        final long bytes = call.scalar(call.indexOf(ArgumentRole.IN_SIZE));
        if (!inSession(call, address, bytes, result))
        {
            return;
        }
        reference.unbind();
        reference.address = address;
        reference.bytes = bytes;
        result.value(address % TEXTURE_ALIGNMENT);
    }

    /**
     * A 2D binding takes an aligned address and pitch (CUDA answers no offset here); the descriptor's format becomes
     * the reference's.
     */
    private void setAddress2D(final TableCall call, final Reference reference, final CallResult result)
    {
        final String name = call.row().name();
        final int index = call.indexOf(ArgumentRole.DEVPTR);
        final long address = call.scalar(index);
        final long pitch = call.scalar(call.indexOf(ArgumentRole.IN_SIZE));
        final long[] descriptor = call.values(call.indexOf(ArgumentRole.IN_ARRAY_DESCRIPTOR));
        if (address % TEXTURE_ALIGNMENT != 0 || pitch % TEXTURE_PITCH_ALIGNMENT != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the address 0x" + Long.toHexString(address) + " must be " +
                "a multiple of " + TEXTURE_ALIGNMENT + " and the pitch " + pitch + " of " + TEXTURE_PITCH_ALIGNMENT);
            return;
        }
        final ArrayDescriptor format = new ArrayDescriptor(descriptor[0], descriptor[1], 0, (int)descriptor[2],
            (int)descriptor[3], 0);
        if (descriptor[0] == 0 || descriptor[1] == 0 || pitch < descriptor[0] * format.elementBytes())
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + descriptor[0] + " x " + descriptor[1] + " elements " +
                "of " + format.elementBytes() + " bytes in rows " + pitch + " bytes apart");
            return;
        }
        if (!inSession(call, address, call.extent(index), result))
        {
            return;
        }
        reference.unbind();
        reference.address = address;
        reference.bytes = call.extent(index);
        reference.format = format.format();
        reference.channels = format.channels();
    }

    private boolean inSession(final TableCall call, final long address, final long bytes, final CallResult result)
    {
        final EmulatedContext context = (EmulatedContext)call.context();
        if (bytes <= 0 || session.deviceHoldingRange(context.device(), address, bytes) < 0)
        {
            result.fail(CudaError.INVALID_VALUE, call.row().name() + ": " + bytes + " bytes from 0x" +
                Long.toHexString(address) + " are not inside one allocation of this session");
            return false;
        }
        return true;
    }

    private static boolean isFormat(final int format, final int channels)
    {
        return new ArrayDescriptor(1, 0, 0, format, channels, 0).elementBytes() != 0;
    }

    private static boolean dimension(final TableCall call, final int index, final CallResult result)
    {
        final long dimension = call.scalar(index);
        if (dimension < 0 || dimension > 2)
        {
            result.fail(CudaError.INVALID_VALUE, call.row().name() + ": dimension " + dimension + " is not 0, 1 or 2");
            return false;
        }
        return true;
    }

    private static boolean inRange(final TableCall call, final int index, final long last, final String what,
        final CallResult result)
    {
        final long value = call.scalar(index);
        if (value < 0 || value > last)
        {
            result.fail(CudaError.INVALID_VALUE, call.row().name() + ": " + value + " is no " + what + " (0 to " +
                last + ")");
            return false;
        }
        return true;
    }

    private static long bits(final float value)
    {
        return Integer.toUnsignedLong(Float.floatToRawIntBits(value));
    }
}
