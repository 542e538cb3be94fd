package io.gpurelay.executor;

import static io.gpurelay.executor.Kernels.loadModule;
import static io.gpurelay.executor.Kernels.ptx;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CU_ARRAY_CREATE;
import static io.gpurelay.protocol.Function.CU_ARRAY_DESTROY;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_CTX_DESTROY;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_MIPMAPPED_ARRAY_CREATE;
import static io.gpurelay.protocol.Function.CU_MODULE_LOAD_DATA;
import static io.gpurelay.protocol.Function.CU_STREAM_CREATE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

/**
 * The legacy texture and surface references over the wire to an executor on the emulator, as the agent sends their
 * table rows: a reference keeps what a program sets and answers it back (floats and the border colour as their
 * bits), binds to an array, a mipmapped array or a range of the session's memory with CUDA's checks and offset, and
 * is its session's alone, dying with its context or when destroyed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TextureReferencesIpcTest
{
    private static final long FORMAT_FLOAT = 0x20;
    private static final long FORMAT_UNSIGNED_INT8 = 0x01;
    private static final long MEMORY_BYTES = 64 * 1024;


    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("texrefs", 1, 16L * 1024 * 1024, context -> context);

    @Test
    void aReferenceAnswersWhatWasSet()
    {
        final TestClient client = EXECUTOR.connected("state");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long texref = ok(client.call(row("cuTexRefCreate"), context)).value(0);
        assertEquals(19, texref >>> 56, "a texture reference handle");

        ok(client.call(row("cuTexRefSetFormat"), context, texref, FORMAT_UNSIGNED_INT8, 4));
        final Reply format = ok(client.call(row("cuTexRefGetFormat"), context, texref));
        assertEquals(FORMAT_UNSIGNED_INT8, format.value(0));
        assertEquals(4, format.value(1));
        ok(client.call(row("cuTexRefSetAddressMode"), context, texref, 1, 2));
        ok(client.call(row("cuTexRefSetAddressMode"), context, texref, 2, 3));
        assertEquals(0, ok(client.call(row("cuTexRefGetAddressMode"), context, texref, 0)).value(0));
        assertEquals(2, ok(client.call(row("cuTexRefGetAddressMode"), context, texref, 1)).value(0));
        assertEquals(3, ok(client.call(row("cuTexRefGetAddressMode"), context, texref, 2)).value(0));
        ok(client.call(row("cuTexRefSetFilterMode"), context, texref, 1));
        assertEquals(1, ok(client.call(row("cuTexRefGetFilterMode"), context, texref)).value(0));
        ok(client.call(row("cuTexRefSetMipmapFilterMode"), context, texref, 1));
        assertEquals(1, ok(client.call(row("cuTexRefGetMipmapFilterMode"), context, texref)).value(0));
        ok(client.call(row("cuTexRefSetMipmapLevelBias"), context, texref, bits(-0.75f)));
        assertEquals(-0.75f, floatOf(ok(client.call(row("cuTexRefGetMipmapLevelBias"), context, texref)).value(0)));
        ok(client.call(row("cuTexRefSetMipmapLevelClamp"), context, texref, bits(0.5f), bits(7.25f)));
        final Reply clamp = ok(client.call(row("cuTexRefGetMipmapLevelClamp"), context, texref));
        assertEquals(0.5f, floatOf(clamp.value(0)));
        assertEquals(7.25f, floatOf(clamp.value(1)));
        ok(client.call(row("cuTexRefSetMaxAnisotropy"), context, texref, 8));
        assertEquals(8, ok(client.call(row("cuTexRefGetMaxAnisotropy"), context, texref)).value(0));
        ok(client.call(row("cuTexRefSetBorderColor"), context, texref, bits(0.25f), bits(-1f), bits(3f),
            bits(Float.MAX_VALUE)));
        final Reply border = ok(client.call(row("cuTexRefGetBorderColor"), context, texref));
        assertEquals(4, border.values().length);
        assertEquals(0.25f, floatOf(border.value(0)));
        assertEquals(-1f, floatOf(border.value(1)));
        assertEquals(3f, floatOf(border.value(2)));
        assertEquals(Float.MAX_VALUE, floatOf(border.value(3)));
        ok(client.call(row("cuTexRefSetFlags"), context, texref, 0x3));
        assertEquals(0x3, ok(client.call(row("cuTexRefGetFlags"), context, texref)).value(0));

        final Reply badMode = client.call(row("cuTexRefSetAddressMode"), context, texref, 3, 0);
        assertEquals(DriverStatus.INVALID_VALUE, badMode.status(), "dimension 3");
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(row("cuTexRefSetFormat"), context, texref, FORMAT_FLOAT, 3).status(), "3 components");
        final Reply notAFloat = client.call(row("cuTexRefSetMipmapLevelBias"), context, texref, 1L << 32);
        assertEquals(DriverStatus.INVALID_VALUE, notAFloat.status());
        assertTrue(notAFloat.message().contains("does not fit its type (in:float)"), notAFloat.message());
        final Reply noBorder = client.call(row("cuTexRefSetBorderColor"), context, texref, 0, 0, 0, -1);
        assertEquals(DriverStatus.INVALID_VALUE, noBorder.status());
        assertTrue(noBorder.message().contains("pBorderColor[3]"), noBorder.message());
        assertEquals(FORMAT_UNSIGNED_INT8, ok(client.call(row("cuTexRefGetFormat"), context, texref)).value(0),
            "refused calls change nothing");
    }

    @Test
    void aReferenceBindsToArraysAndToTheSessionsMemory()
    {
        final TestClient client = EXECUTOR.connected("bindings");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long texref = ok(client.call(row("cuTexRefCreate"), context)).value(0);
        final long array = ok(client.call(CU_ARRAY_CREATE, context, 8, 8, 0, FORMAT_FLOAT, 2, 0)).value(0);
        final long mipmapped = ok(client.call(CU_MIPMAPPED_ARRAY_CREATE, context, 8, 8, 0, FORMAT_UNSIGNED_INT8, 4,
            0, 3)).value(0);
        final long memory = ok(client.call(CU_MEM_ALLOC, context, MEMORY_BYTES)).value(0);

        final Reply unbound = client.call(row("cuTexRefGetArray"), context, texref);
        assertEquals(DriverStatus.INVALID_VALUE, unbound.status());
        assertTrue(unbound.message().contains("is bound to no array"), unbound.message());

        ok(client.call(row("cuTexRefSetArray"), context, texref, array, 1));
        assertEquals(array, ok(client.call(row("cuTexRefGetArray"), context, texref)).value(0));
        final Reply format = ok(client.call(row("cuTexRefGetFormat"), context, texref));
        assertEquals(FORMAT_FLOAT, format.value(0), "CU_TRSA_OVERRIDE_FORMAT takes the array's format");
        assertEquals(2, format.value(1));
        assertEquals(DriverStatus.INVALID_VALUE, client.call(row("cuTexRefGetAddress"), context, texref).status());
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(row("cuTexRefSetArray"), context, texref, array, 2).status(), "flags other than override");

        ok(client.call(row("cuTexRefSetMipmappedArray"), context, texref, mipmapped, 1));
        assertEquals(mipmapped, ok(client.call(row("cuTexRefGetMipmappedArray"), context, texref)).value(0));
        assertEquals(DriverStatus.INVALID_VALUE, client.call(row("cuTexRefGetArray"), context, texref).status(),
            "binding the mipmapped array unbound the array");
        assertEquals(FORMAT_UNSIGNED_INT8, ok(client.call(row("cuTexRefGetFormat"), context, texref)).value(0));

        assertEquals(0, ok(client.call(row("cuTexRefSetAddress"), context, texref, memory, 4096)).value(0));
        assertEquals(100, ok(client.call(row("cuTexRefSetAddress"), context, texref, memory + 612, 256)).value(0),
            "the byte offset past the texture alignment (the emulator's 256 bytes)");
        assertEquals(memory + 612, ok(client.call(row("cuTexRefGetAddress"), context, texref)).value(0));
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(row("cuTexRefGetMipmappedArray"), context, texref).status(), "memory unbinds the arrays");
        final Reply past = client.call(row("cuTexRefSetAddress"), context, texref, memory + MEMORY_BYTES - 16, 32);
        assertEquals(DriverStatus.INVALID_VALUE, past.status());
        assertTrue(past.message().contains("not inside one allocation of this session"), past.message());
        assertEquals(memory + 612, ok(client.call(row("cuTexRefGetAddress"), context, texref)).value(0),
            "a refused binding keeps the last");

        ok(client.call(row("cuTexRefSetAddress2D"), context, texref, 16, 8, FORMAT_FLOAT, 4, memory, 256));
        assertEquals(memory, ok(client.call(row("cuTexRefGetAddress"), context, texref)).value(0));
        assertEquals(4, ok(client.call(row("cuTexRefGetFormat"), context, texref)).value(1));
        final Reply tooLong = client.call(row("cuTexRefSetAddress2D"), context, texref, 16, 300, FORMAT_FLOAT, 4,
            memory, 256);
        assertEquals(DriverStatus.INVALID_VALUE, tooLong.status(), "300 rows of 256 bytes pass the allocation");
        assertTrue(tooLong.message().contains("not inside one allocation"), tooLong.message());
        final Reply badFormat = client.call(row("cuTexRefSetAddress2D"), context, texref, 16, 8, 0x77, 4, memory, 256);
        assertEquals(DriverStatus.INVALID_VALUE, badFormat.status(), badFormat.message());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(row("cuTexRefSetAddress2D"), context, texref, 16, 8,
            FORMAT_FLOAT, 4, memory + 16, 256).status(), "an address off the texture alignment");

        final Reply surface = client.call(row("cuSurfRefSetArray"), context, texref, array, 0);
        assertEquals(DriverStatus.INVALID_HANDLE, surface.status(), "a texture reference is no surface reference");
    }

    @Test
    void aReferenceIsItsSessionsAloneAndDiesWhenDestroyedOrWithItsContext() throws IOException
    {
        final TestClient owner = EXECUTOR.connected("owner");
        final long context = ok(owner.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long texref = ok(owner.call(row("cuTexRefCreate"), context)).value(0);
        final long array = ok(owner.call(CU_ARRAY_CREATE, context, 8, 0, 0, FORMAT_FLOAT, 1, 0)).value(0);

        final TestClient other = EXECUTOR.connected("other");
        final long otherContext = ok(other.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final Reply foreign = other.call(row("cuTexRefSetFilterMode"), otherContext, texref, 1);
        assertEquals(DriverStatus.INVALID_HANDLE, foreign.status());
        assertTrue(foreign.message().contains("no handle of this session"), foreign.message());
        final long otherTexref = ok(other.call(row("cuTexRefCreate"), otherContext)).value(0);
        final Reply foreignArray = other.call(row("cuTexRefSetArray"), otherContext, otherTexref, array, 1);
        assertEquals(DriverStatus.INVALID_HANDLE, foreignArray.status(), "another session's array");
        assertEquals(DriverStatus.INVALID_HANDLE,
            other.call(row("cuTexRefDestroy"), otherContext, texref).status(), "another session's reference");

        final long stream = ok(owner.call(CU_STREAM_CREATE, context, 0)).value(0);
        final Reply wrongKind = owner.call(row("cuTexRefGetFlags"), context, stream);
        assertEquals(DriverStatus.INVALID_HANDLE, wrongKind.status());
        assertTrue(wrongKind.message().contains("is not a live texture reference: it is a stream handle"),
            wrongKind.message());
        assertEquals(DriverStatus.INVALID_HANDLE,
            owner.call(row("cuTexRefSetArray"), context, texref, texref, 1).status(), "a reference is no array");

        ok(owner.call(row("cuTexRefSetArray"), context, texref, array, 1));
        ok(owner.call(CU_ARRAY_DESTROY, context, array));
        final Reply staleArray = owner.call(row("cuTexRefSetArray"), context, texref, array, 1);
        assertEquals(DriverStatus.INVALID_HANDLE, staleArray.status());
        assertTrue(staleArray.message().contains("no longer live"), staleArray.message());

        ok(owner.call(row("cuTexRefDestroy"), context, texref));
        final Reply destroyed = owner.call(row("cuTexRefGetFlags"), context, texref);
        assertEquals(DriverStatus.INVALID_HANDLE, destroyed.status());
        assertTrue(destroyed.message().contains("no longer live"), destroyed.message());
        assertEquals(DriverStatus.INVALID_HANDLE, owner.call(row("cuTexRefDestroy"), context, texref).status(),
            "destroyed twice");

        final long survivor = ok(owner.call(row("cuTexRefCreate"), context)).value(0);
        ok(owner.call(CU_CTX_DESTROY, context, context));
        final long newContext = ok(owner.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final Reply withContext = owner.call(row("cuTexRefGetFlags"), newContext, survivor);
        assertEquals(DriverStatus.INVALID_HANDLE, withContext.status());
        assertTrue(withContext.message().contains("was freed with its context"), withContext.message());

        final Reply noContext = owner.call(row("cuTexRefCreate"), 0);
        assertEquals(DriverStatus.INVALID_CONTEXT, noContext.status(), "cuTexRefCreate needs a current context");
    }

    @Test
    void aModuleDeclaresNoReferenceOnTheEmulator() throws IOException
    {
        final TestClient client = EXECUTOR.connected("module");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long module = loadModule(client, context, "vector_add.ptx");
        final Reply texref = client.awaitReply(client.send(row("cuModuleGetTexRef"), context,
            new ByteArrayPayload("tex".getBytes(StandardCharsets.UTF_8)), false, module));
        assertEquals(DriverStatus.NOT_FOUND, texref.status());
        assertTrue(texref.message().contains("declares no texture reference 'tex'"), texref.message());
        final Reply surfref = client.awaitReply(client.send(row("cuModuleGetSurfRef"), context,
            new ByteArrayPayload("surf".getBytes(StandardCharsets.UTF_8)), false, module));
        assertEquals(DriverStatus.NOT_FOUND, surfref.status());
        final Reply noName = client.call(row("cuModuleGetTexRef"), context, module);
        assertEquals(DriverStatus.INVALID_VALUE, noName.status());
        assertTrue(noName.message().contains("a string input here is 1 to 1024 bytes"), noName.message());
    }

    @Test
    void aModulesReferencesAreFoundByNameAndDieWithIt() throws IOException
    {
        final TestClient client = EXECUTOR.connected("module references");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final String ptx = new String(ptx("vector_add.ptx"), StandardCharsets.UTF_8);
        final int entry = ptx.indexOf(".visible .entry");
        final byte[] image = (ptx.substring(0, entry) + ".global .texref tex;\n.global .surfref surf;\n" +
            ptx.substring(entry)).getBytes(StandardCharsets.UTF_8);
        final long module = ok(client.callWithPayload(CU_MODULE_LOAD_DATA, context, image)).value(0);

        final long texref = ok(find(client, "cuModuleGetTexRef", context, module, "tex")).value(0);
        assertEquals(19, texref >>> 56, "a texture reference handle");
        assertEquals(texref, ok(find(client, "cuModuleGetTexRef", context, module, "tex")).value(0),
            "one handle per module and name");
        assertEquals(DriverStatus.NOT_FOUND, find(client, "cuModuleGetTexRef", context, module, "surf").status(),
            "a surface reference is no texture reference");
        ok(client.call(row("cuTexRefSetFilterMode"), context, texref, 1));
        assertEquals(1, ok(client.call(row("cuTexRefGetFilterMode"), context, texref)).value(0));
        final Reply destroy = client.call(row("cuTexRefDestroy"), context, texref);
        assertEquals(DriverStatus.INVALID_HANDLE, destroy.status());
        assertTrue(destroy.message().contains("belongs to its module"), destroy.message());

        final long surfref = ok(find(client, "cuModuleGetSurfRef", context, module, "surf")).value(0);
        assertEquals(20, surfref >>> 56, "a surface reference handle");
        final long plain = ok(client.call(CU_ARRAY_CREATE, context, 8, 8, 0, FORMAT_FLOAT, 1, 0)).value(0);
        final long surface = ok(client.call(CU_ARRAY_CREATE, context, 8, 8, 0, FORMAT_FLOAT, 1, 0x02)).value(0);
        assertEquals(DriverStatus.INVALID_VALUE, client.call(row("cuSurfRefSetArray"), context, surfref, plain, 0)
            .status(), "an array made without CUDA_ARRAY3D_SURFACE_LDST");
        ok(client.call(row("cuSurfRefSetArray"), context, surfref, surface, 0));
        assertEquals(surface, ok(client.call(row("cuSurfRefGetArray"), context, surfref)).value(0));
        assertEquals(DriverStatus.INVALID_HANDLE, client.call(row("cuTexRefGetFlags"), context, surfref).status(),
            "a surface reference is no texture reference");

        ok(client.call(Function.CU_MODULE_UNLOAD, context, module));
        final Reply unloaded = client.call(row("cuTexRefGetFilterMode"), context, texref);
        assertEquals(DriverStatus.INVALID_HANDLE, unloaded.status());
        assertTrue(unloaded.message().contains("was freed with its module"), unloaded.message());
        assertEquals(DriverStatus.INVALID_HANDLE, client.call(row("cuSurfRefGetArray"), context, surfref).status());
    }

    private static Reply find(final TestClient client, final String function, final long context, final long module,
        final String name)
    {
        return client.awaitReply(client.send(row(function), context,
            new ByteArrayPayload(name.getBytes(StandardCharsets.UTF_8)), false, module));
    }

    private static long bits(final float value)
    {
        return Integer.toUnsignedLong(Float.floatToRawIntBits(value));
    }

    private static float floatOf(final long bits)
    {
        return Float.intBitsToFloat((int)bits);
    }

    private static FunctionRow row(final String name)
    {
        final FunctionRow row = FunctionTable.standard().find(Binding.JCUDA_DRIVER, name);
        assertNotNull(row, name);
        return row;
    }
}
