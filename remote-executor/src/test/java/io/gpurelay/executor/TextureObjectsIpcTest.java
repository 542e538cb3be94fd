package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_ARGUMENTS;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_TEXTURE;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_VIEW;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_VIEW_GIVEN;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_VALUES;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

/**
 * Texture and surface objects and the array queries over the wire to an executor on the emulator, as the agent sends
 * them: every resource type makes an object whose descriptors come back as given (arrays by the client's handles),
 * an object is its session's and its context's alone and dies when destroyed, a resource's array must be the
 * session's and its memory must lie inside one of the session's allocations, and the array queries answer as CUDA
 * does for arrays that are not sparse, deferred-mapping or planar.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TextureObjectsIpcTest
{
    private static final long FLOAT = 0x20;
    private static final long UNSIGNED_INT8 = 0x01;
    private static final long SURFACE_LDST = 0x02;
    private static final long ARRAY = 0;
    private static final long MIPMAPPED = 1;
    private static final long LINEAR = 2;
    private static final long PITCH2D = 3;


    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("textures", 1, 16L * 1024 * 1024, context -> context);

    @Test
    void everyResourceTypeMakesAnObjectWhoseDescriptorsComeBack()
    {
        final TestClient client = EXECUTOR.connected("round-trips");
        final long context = context(client);
        final long array = ok(client.call(Function.CU_ARRAY_CREATE, context, 8, 4, 0, FLOAT, 1, 0)).value(0);
        final long mipmapped =
            ok(client.call(Function.CU_MIPMAPPED_ARRAY_CREATE, context, 8, 8, 0, FLOAT, 2, 0, 3)).value(0);
        final long linear = ok(client.call(Function.CU_MEM_ALLOC, context, 4096)).value(0);
        final Reply pitched = ok(client.call(Function.CU_MEM_ALLOC_PITCH, context, 64, 16, 4));

        final long[][] resources = {
            resource(ARRAY, array, 0, 0, 0, 0, 0),
            resource(MIPMAPPED, mipmapped, 0, 0, 0, 0, 0),
            resource(LINEAR, linear, FLOAT, 4, 4096, 0, 0),
            resource(PITCH2D, pitched.value(0), UNSIGNED_INT8, 4, 16, 16, pitched.value(1)) };
        final long[] texture = texture(0x03);
        final List<Long> objects = new ArrayList<>();
        for (final long[] resource : resources)
        {
            final long[] view = resource[0] == ARRAY ? new long[]{ 0x16, 8, 4, 0, 0, 0, 0, 0 } :
                resource[0] == MIPMAPPED ? new long[]{ 0x17, 8, 8, 0, 1, 2, 0, 0 } : null;
            final long object = ok(client.call(Function.CU_TEX_OBJECT_CREATE, context,
                create(resource, texture, view))).value(0);
            assertNotEquals(0, object, "an object is never 0");
            assertTrue(!objects.contains(object), "each object is a value of its own");
            objects.add(object);

            final long[] described = ok(client.call(Function.CU_TEX_SURF_OBJECT_GET_RESOURCE_DESC, context, object,
                0)).values();
            assertArrayEquals(resource, Arrays.copyOf(described, RESOURCE_VALUES),
                "resource type " + resource[0] + " comes back with the client's handle or address");
            final long[] textureDescribed = Arrays.copyOf(texture, TEXTURE_VALUES);
            Arrays.fill(textureDescribed, TEXTURE_VALUES - 4, TEXTURE_VALUES, 0);
            assertArrayEquals(textureDescribed, Arrays.copyOf(ok(client.call(Function.CU_TEX_OBJECT_GET_TEXTURE_DESC,
                context, object)).values(), TEXTURE_VALUES), "as given, but CUDA reports no border colour");
            final long[] viewed = ok(client.call(Function.CU_TEX_OBJECT_GET_RESOURCE_VIEW_DESC, context, object))
                .values();
            if (view == null)
            {
                assertEquals(0, viewed[VIEW_VALUES], "an object made without a view: success, nothing written");
            }
            else
            {
                assertArrayEquals(view, Arrays.copyOf(viewed, VIEW_VALUES));
                assertEquals(1, viewed[VIEW_VALUES]);
            }
        }
        for (final long object : objects)
        {
            ok(client.call(Function.CU_TEX_SURF_OBJECT_DESTROY, context, object, 0));
            final Reply stale = client.call(Function.CU_TEX_OBJECT_GET_TEXTURE_DESC, context, object);
            assertEquals(DriverStatus.INVALID_VALUE, stale.status());
            assertTrue(stale.message().contains("is not a texture object this session made"), stale.message());
            assertEquals(0, client.call(Function.CU_TEX_SURF_OBJECT_DESTROY, context, object, 0).status(),
                "destroyed twice: success and nothing happens, as in CUDA");
        }
    }

    @Test
    void aSurfaceReadsAnArray()
    {
        final TestClient client = EXECUTOR.connected("surfaces");
        final long context = context(client);
        final long plain = ok(client.call(Function.CU_ARRAY_CREATE, context, 8, 4, 0, FLOAT, 1, 0)).value(0);
        final long loadStore =
            ok(client.call(Function.CU_ARRAY_CREATE, context, 8, 4, 0, FLOAT, 1, SURFACE_LDST)).value(0);
        final long memory = ok(client.call(Function.CU_MEM_ALLOC, context, 1024)).value(0);

        ok(client.call(Function.CU_SURF_OBJECT_CREATE, context, resource(ARRAY, plain, 0, 0, 0, 0, 0)));
        assertEquals(DriverStatus.INVALID_VALUE, client.call(Function.CU_SURF_OBJECT_CREATE, context,
            resource(LINEAR, memory, FLOAT, 1, 1024, 0, 0)).status(), "a surface of linear memory");

        final long surface = ok(client.call(Function.CU_SURF_OBJECT_CREATE, context,
            resource(ARRAY, loadStore, 0, 0, 0, 0, 0))).value(0);
        assertArrayEquals(resource(ARRAY, loadStore, 0, 0, 0, 0, 0), Arrays.copyOf(ok(client.call(
            Function.CU_TEX_SURF_OBJECT_GET_RESOURCE_DESC, context, surface, 1)).values(), RESOURCE_VALUES));
        ok(client.call(Function.CU_TEX_SURF_OBJECT_DESTROY, context, surface, 0));
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(Function.CU_TEX_OBJECT_GET_TEXTURE_DESC, context, surface).status(),
            "a surface object is no texture object");
        ok(client.call(Function.CU_TEX_SURF_OBJECT_GET_RESOURCE_DESC, context, surface, 1));
        ok(client.call(Function.CU_TEX_SURF_OBJECT_DESTROY, context, surface, 1));

        assertEquals(DriverStatus.INVALID_HANDLE, client.call(Function.CU_SURF_OBJECT_CREATE, context,
            resource(ARRAY, 0, 0, 0, 0, 0, 0)).status(), "no array");

        // The runtime's functions, in the primary context of device 0.
        final long runtimeArray = ok(client.call(Function.CUDA_MALLOC_ARRAY, 0, 8, 4, 0, FLOAT, 1, SURFACE_LDST))
            .value(0);
        assertEquals(RuntimeStatus.PEER_ACCESS_NOT_ENABLED, client.call(Function.CUDA_CREATE_SURFACE_OBJECT, 0,
            resource(ARRAY, loadStore, 0, 0, 0, 0, 0)).status(), "an array of another context");
        final long runtimeSurface = ok(client.call(Function.CUDA_CREATE_SURFACE_OBJECT, 0,
            resource(ARRAY, runtimeArray, 0, 0, 0, 0, 0))).value(0);
        assertEquals(runtimeArray, ok(client.call(Function.CUDA_TEX_SURF_OBJECT_GET_RESOURCE_DESC, 0, runtimeSurface,
            1)).value(2));
        ok(client.call(Function.CUDA_TEX_SURF_OBJECT_DESTROY, 0, runtimeSurface, 1));
        assertEquals(RuntimeStatus.INVALID_VALUE,
            client.call(Function.CUDA_TEX_SURF_OBJECT_GET_RESOURCE_DESC, 0, runtimeSurface, 1).status());
    }

    @Test
    void anObjectIsItsSessionsAndItsContextsAlone()
    {
        final TestClient owner = EXECUTOR.connected("owner");
        final long ownerContext = context(owner);
        final long array = ok(owner.call(Function.CU_ARRAY_CREATE, ownerContext, 8, 4, 0, FLOAT, 1, 0)).value(0);
        final long object = ok(owner.call(Function.CU_TEX_OBJECT_CREATE, ownerContext,
            create(resource(ARRAY, array, 0, 0, 0, 0, 0), texture(0), null))).value(0);

        final TestClient other = EXECUTOR.connected("other");
        final long otherContext = context(other);
        final Reply foreign = other.call(Function.CU_TEX_OBJECT_GET_TEXTURE_DESC, otherContext, object);
        assertEquals(DriverStatus.INVALID_VALUE, foreign.status(), foreign.message());
        ok(other.call(Function.CU_TEX_SURF_OBJECT_DESTROY, otherContext, object, 0));
        ok(owner.call(Function.CU_TEX_OBJECT_GET_TEXTURE_DESC, ownerContext, object));
        final Reply foreignArray = other.call(Function.CU_TEX_OBJECT_CREATE, otherContext,
            create(resource(ARRAY, array, 0, 0, 0, 0, 0), texture(0), null));
        assertEquals(DriverStatus.INVALID_HANDLE, foreignArray.status());
        assertTrue(foreignArray.message().contains("no handle of this session"), foreignArray.message());

        final long secondContext = context(owner);
        final Reply elsewhere = owner.call(Function.CU_TEX_OBJECT_GET_TEXTURE_DESC, secondContext, object);
        assertEquals(DriverStatus.INVALID_VALUE, elsewhere.status(), "an object answers in its own context only");
        final Reply arrayElsewhere = owner.call(Function.CU_TEX_OBJECT_CREATE, secondContext,
            create(resource(ARRAY, array, 0, 0, 0, 0, 0), texture(0), null));
        assertEquals(DriverStatus.PEER_ACCESS_NOT_ENABLED, arrayElsewhere.status(), "CUDA's answer");
        assertTrue(arrayElsewhere.message().contains("another context"), arrayElsewhere.message());

        ok(owner.call(Function.CU_TEX_OBJECT_GET_TEXTURE_DESC, ownerContext, object));
        ok(owner.call(Function.CU_CTX_DESTROY, 0, ownerContext));
        final long thirdContext = context(owner);
        assertEquals(DriverStatus.INVALID_VALUE,
            owner.call(Function.CU_TEX_OBJECT_GET_TEXTURE_DESC, thirdContext, object).status(),
            "the object went with its context");
    }

    @Test
    void memoryOutsideTheSessionsAllocationsMakesNoObject()
    {
        final TestClient client = EXECUTOR.connected("ranges");
        final long context = context(client);
        final long memory = ok(client.call(Function.CU_MEM_ALLOC, context, 4096)).value(0);
        final Reply pitched = ok(client.call(Function.CU_MEM_ALLOC_PITCH, context, 64, 16, 4));
        final long pitch = pitched.value(1);

        final Reply past = client.call(Function.CU_TEX_OBJECT_CREATE, context,
            create(resource(LINEAR, memory, FLOAT, 1, 4096 + 4, 0, 0), texture(0), null));
        assertEquals(DriverStatus.INVALID_VALUE, past.status());
        assertTrue(past.message().contains("is not inside one allocation of this session"), past.message());
        final Reply tallerThanAllocated = client.call(Function.CU_TEX_OBJECT_CREATE, context,
            create(resource(PITCH2D, pitched.value(0), FLOAT, 1, 16, 17, pitch), texture(0), null));
        assertEquals(DriverStatus.INVALID_VALUE, tallerThanAllocated.status());
        assertTrue(tallerThanAllocated.message().contains("is not inside one allocation"),
            tallerThanAllocated.message());
        final Reply nowhere = client.call(Function.CU_TEX_OBJECT_CREATE, context,
            create(resource(LINEAR, 1L << 40, FLOAT, 1, 1024, 0, 0), texture(0), null));
        assertEquals(DriverStatus.INVALID_VALUE, nowhere.status(), nowhere.message());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(Function.CU_TEX_OBJECT_CREATE, context,
            create(resource(LINEAR, memory + 4, FLOAT, 1, 1024, 0, 0), texture(0), null)).status(),
            "an address not aligned for textures");
        ok(client.call(Function.CU_TEX_OBJECT_CREATE, context,
            create(resource(PITCH2D, pitched.value(0), FLOAT, 1, 200, 2, pitch), texture(0), null)));
        assertEquals(DriverStatus.INVALID_VALUE, client.call(Function.CU_TEX_OBJECT_CREATE, context,
            create(resource(PITCH2D, pitched.value(0), FLOAT, 1, 200, 16, pitch), texture(0), null)).status(),
            "rows wider than the pitch, the last past the allocation");
        assertEquals(DriverStatus.INVALID_VALUE, client.call(Function.CU_TEX_OBJECT_CREATE, context,
            create(resource(PITCH2D, pitched.value(0), FLOAT, 1, 2, Long.MAX_VALUE / 2, pitch), texture(0), null))
            .status(), "an extent that overflows");
        assertEquals(DriverStatus.INVALID_VALUE, client.call(Function.CU_TEX_OBJECT_CREATE, context,
            create(resource(LINEAR, memory, 0x70, 1, 1024, 0, 0), texture(0), null)).status(), "no plain format");
        assertEquals(DriverStatus.INVALID_VALUE, client.call(Function.CU_TEX_OBJECT_CREATE, context,
            create(resource(7, memory, FLOAT, 1, 1024, 0, 0), texture(0), null)).status(), "no resource type");
        final long ignoredView = ok(client.call(Function.CU_TEX_OBJECT_CREATE, context,
            create(resource(LINEAR, memory, FLOAT, 1, 1024, 0, 0), texture(0),
                new long[]{ 0x16, 256, 0, 0, 0, 0, 0, 0 }))).value(0);
        assertEquals(0, ok(client.call(Function.CU_TEX_OBJECT_GET_RESOURCE_VIEW_DESC, context, ignoredView))
            .value(VIEW_VALUES), "CUDA takes a view of linear memory and ignores it");
        ok(client.call(Function.CU_MEM_FREE, context, memory));
        assertEquals(DriverStatus.INVALID_VALUE, client.call(Function.CU_TEX_OBJECT_CREATE, context,
            create(resource(LINEAR, memory, FLOAT, 1, 1024, 0, 0), texture(0), null)).status(), "freed memory");
    }

    @Test
    void theArrayQueriesAnswerAsCudaDoesForPlainArrays()
    {
        final TestClient client = EXECUTOR.connected("queries");
        final long context = context(client);
        final long array = ok(client.call(Function.CU_ARRAY_CREATE, context, 8, 4, 0, FLOAT, 1, 0)).value(0);
        final long mipmapped =
            ok(client.call(Function.CU_MIPMAPPED_ARRAY_CREATE, context, 8, 8, 0, FLOAT, 1, 0, 2)).value(0);

        final Reply sparse = client.call(Function.CU_ARRAY_GET_SPARSE_PROPERTIES, context, array, 0);
        assertEquals(DriverStatus.INVALID_VALUE, sparse.status());
        assertTrue(sparse.message().contains("CUDA_ARRAY3D_SPARSE"), sparse.message());
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(Function.CU_ARRAY_GET_SPARSE_PROPERTIES, context, mipmapped, 1).status());
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(Function.CU_ARRAY_GET_MEMORY_REQUIREMENTS, context, array, 0, 0).status());
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(Function.CU_ARRAY_GET_MEMORY_REQUIREMENTS, context, mipmapped, 1, 0).status());
        assertEquals(DriverStatus.INVALID_DEVICE,
            client.call(Function.CU_ARRAY_GET_MEMORY_REQUIREMENTS, context, array, 0, 3).status());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(Function.CU_ARRAY_GET_PLANE, context, array, 0).status());
        final long runtimeArray = ok(client.call(Function.CUDA_MALLOC_ARRAY, 0, 8, 4, 0, FLOAT, 1, 0)).value(0);
        assertEquals(RuntimeStatus.INVALID_VALUE,
            client.call(Function.CUDA_ARRAY_GET_PLANE, 0, runtimeArray, 1).status());
        assertEquals(RuntimeStatus.INVALID_VALUE,
            client.call(Function.CUDA_ARRAY_GET_SPARSE_PROPERTIES, 0, runtimeArray, 0).status());
        assertEquals(RuntimeStatus.INVALID_VALUE,
            client.call(Function.CUDA_ARRAY_GET_MEMORY_REQUIREMENTS, 0, runtimeArray, 0, 0).status());

        assertEquals(DriverStatus.INVALID_HANDLE,
            client.call(Function.CU_ARRAY_GET_SPARSE_PROPERTIES, context, mipmapped, 0).status(),
            "a mipmapped array is no array");
        assertEquals(DriverStatus.INVALID_HANDLE,
            client.call(Function.CU_ARRAY_GET_PLANE, context, 0x0e00_0000_0000_1234L, 0).status(), "no handle");
    }

    /** The arguments of cuTexObjectCreate. */
    private static long[] create(final long[] resource, final long[] texture, final long[] view)
    {
        final long[] args = new long[CREATE_ARGUMENTS];
        System.arraycopy(resource, 0, args, 0, RESOURCE_VALUES);
        System.arraycopy(texture, 0, args, CREATE_TEXTURE, TEXTURE_VALUES);
        if (view != null)
        {
            args[CREATE_VIEW_GIVEN] = 1;
            System.arraycopy(view, 0, args, CREATE_VIEW, VIEW_VALUES);
        }
        return args;
    }

    private static long[] resource(final long type, final long handle, final long format, final long channels,
        final long sizeOrWidth, final long height, final long pitch)
    {
        return new long[]{ type, 0, handle, format, channels, sizeOrWidth, height, pitch };
    }

    /** Clamped addressing, point filtering, border colour (1, 0.5, 0, 0.25). */
    private static long[] texture(final long flags)
    {
        return new long[]{ 1, 1, 1, 0, flags, 0, 0, 0, 0, Float.floatToRawIntBits(2.0f),
            Float.floatToRawIntBits(1.0f), Float.floatToRawIntBits(0.5f), 0, Float.floatToRawIntBits(0.25f) };
    }

    private long context(final TestClient client)
    {
        return ok(client.call(Function.CU_CTX_CREATE, 0, 0, 0)).value(0);
    }
}
