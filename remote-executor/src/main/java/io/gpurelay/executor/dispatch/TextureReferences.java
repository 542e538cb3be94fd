package io.gpurelay.executor.dispatch;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.resources.SessionResources.LibraryObjectEntry;
import io.gpurelay.executor.resources.SessionResources.ModuleEntry;
import io.gpurelay.executor.backend.BackendArray;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.TableCall;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.FunctionRow;

/**
 * The handles of the legacy texture and surface references for {@link TableDispatcher}: what the roles
 * {@code texref}, {@code surfref}, {@code free:texref}, {@code array}, {@code mipmappedarray}, {@code new:texref},
 * {@code new:surfref}, {@code out:array} and {@code out:mipmappedarray} mean, by role, never by function. A reference
 * is a {@link HandleKind#TEXREF} or {@link HandleKind#SURFREF} handle of the session in the context it was made in
 * (the current one for {@code cuTexRefCreate}, its module's for {@code cuModuleGetTexRef}); it dies with that context,
 * and one found in a module with the module. The executor keeps what a reference is bound to (an array, a mipmapped
 * array, or neither for device memory), because a client asks for it as a handle of its session, which the backend
 * does not know: a row that passes a reference and an array binds them once it succeeded, one that passes a reference
 * and a device address unbinds its arrays.
 */
final class TextureReferences
{
    private final SessionResources resources;
    /** cuModuleGetTexRef and cuModuleGetSurfRef give one handle per module, kind and name, however often asked. */
    private final Map<String, Long> found = new HashMap<>();

    TextureReferences(final SessionResources resources)
    {
        this.resources = resources;
    }

    static boolean handles(final ArgumentRole role)
    {
        return switch (role)
        {
            case TEXREF, SURFREF, FREE_TEXREF, ARRAY, MIPMAPPED_ARRAY -> true;
            default -> false;
        };
    }

    /**
     * The context of a row whose first handle is a reference or an array; null when the handle names none (the
     * failure is in {@code result}).
     */
    ContextEntry context(final FunctionRow row, final ArgumentRole role, final long handle, final CallResult result)
    {
        return switch (role)
        {
            case TEXREF, SURFREF, FREE_TEXREF ->
            {
                final Reference reference = reference(row, role, handle, result);
                yield reference == null ? null : reference.context;
            }
            case ARRAY, MIPMAPPED_ARRAY ->
            {
                final HandleKind kind = role == ArgumentRole.ARRAY ? HandleKind.ARRAY : HandleKind.MIPMAPPED_ARRAY;
                final LibraryObjectEntry entry = resources.libraryObject(handle, kind, CudaError.INVALID_HANDLE,
                    result);
                yield entry == null ? null : entry.context;
            }
            default -> throw new IllegalStateException(row.name() + ": " + role + " is no reference or array");
        };
    }

    /**
     * The backend object a reference or array handle names: a reference's own object, an array's
     * {@link io.gpurelay.executor.backend.BackendArray}, a mipmapped array's levels; null when the handle names none
     * of the session (the failure is in {@code result}).
     */
    Object resolve(final FunctionRow row, final ArgumentRole role, final long handle, final CallResult result)
    {
        return switch (role)
        {
            case TEXREF, SURFREF, FREE_TEXREF ->
            {
                final Reference reference = reference(row, role, handle, result);
                if (reference != null && role == ArgumentRole.FREE_TEXREF && reference.module != null)
                {
                    result.fail(CudaError.INVALID_HANDLE, row.name() + ": texture reference 0x" +
                        Long.toHexString(handle) + " belongs to its module (cuModuleGetTexRef), which frees it");
                    yield null;
                }
                yield reference == null ? null : reference.backend;
            }
            case ARRAY -> ArraysDispatcher.liveArray(resources, handle, row.name(), result);
            case MIPMAPPED_ARRAY -> ArraysDispatcher.liveMipmappedArray(resources, handle, row.name(), result);
            default -> throw new IllegalStateException(row.name() + ": " + role + " is no reference or array");
        };
    }

    /**
     * A row that finds a reference in a module by name, asked again: the handle it gave the first time, replied
     * without asking the backend. False when the row makes a new handle.
     */
    boolean answerFound(final FunctionRow row, final TableCall call, final CallResult result)
    {
        final String key = foundKey(row, call);
        final Long handle = key == null ? null : found.get(key);
        if (handle == null)
        {
            return false;
        }
        final LibraryObjectEntry entry = (LibraryObjectEntry)resources.libraryObject(handle,
            HandleKind.of(handle), CudaError.INVALID_HANDLE, new CallResult());
        if (entry == null || !live((Reference)entry.object))
        {
            found.remove(key);
            return false;
        }
        result.value(handle);
        return true;
    }

    /**
     * What a row that succeeded changes in the session's tables: a reference it made becomes a handle, a destroyed
     * one is no longer live, a bound array is recorded.
     */
    void succeeded(final FunctionRow row, final TableCall call, final ContextEntry context, final CallResult result)
    {
        final List<Argument> arguments = row.arguments();
        Reference reference = null;
        for (int i = 0; i < arguments.size(); i++)
        {
            final ArgumentRole role = arguments.get(i).role();
            if (role == ArgumentRole.NEW_TEXREF || role == ArgumentRole.NEW_SURFREF)
            {
                final int moduleIndex = call.indexOf(ArgumentRole.MODULE);
                final ModuleEntry module = moduleIndex < 0 ? null :
                    resources.module(call.scalar(moduleIndex), new CallResult());
                final HandleKind kind = role == ArgumentRole.NEW_TEXREF ? HandleKind.TEXREF : HandleKind.SURFREF;
                final long handle = resources.addLibraryObject(kind, context,
                    new Reference(context, context.backend, call.made(), module));
                final String key = foundKey(row, call);
                if (key != null)
                {
                    found.put(key, handle);
                }
                result.value(handle);
            }
            else if (role == ArgumentRole.FREE_TEXREF)
            {
                resources.removeLibraryObject(call.scalar(i));
            }
            else if (role == ArgumentRole.TEXREF || role == ArgumentRole.SURFREF)
            {
                final LibraryObjectEntry entry = resources.libraryObject(call.scalar(i),
                    role == ArgumentRole.TEXREF ? HandleKind.TEXREF : HandleKind.SURFREF, CudaError.INVALID_HANDLE,
                    new CallResult());
                reference = entry == null ? null : (Reference)entry.object;
            }
        }
        if (reference == null)
        {
            return;
        }
        final int array = call.indexOf(ArgumentRole.ARRAY);
        final int mipmapped = call.indexOf(ArgumentRole.MIPMAPPED_ARRAY);
        if (array >= 0)
        {
            reference.boundArray = call.scalar(array);
            reference.boundMipmappedArray = 0;
        }
        else if (mipmapped >= 0)
        {
            reference.boundArray = 0;
            reference.boundMipmappedArray = call.scalar(mipmapped);
        }
        else if (call.indexOf(ArgumentRole.DEVPTR) >= 0)
        {
            reference.boundArray = 0;
            reference.boundMipmappedArray = 0;
        }
    }

    /**
     * The executor's answer for an {@code out:array} or {@code out:mipmappedarray} output: what the row's reference
     * is bound to; CUDA_ERROR_INVALID_VALUE, as CUDA answers, when it is bound to no such array.
     */
    void answerBound(final FunctionRow row, final TableCall call, final Argument output, final CallResult result)
    {
        final int index = call.indexOf(ArgumentRole.TEXREF) >= 0 ? call.indexOf(ArgumentRole.TEXREF) :
            call.indexOf(ArgumentRole.SURFREF);
        final ArgumentRole role = row.arguments().get(index).role();
        final Reference reference = reference(row, role, call.scalar(index), result);
        if (reference == null)
        {
            return;
        }
        final boolean mipmapped = output.role() == ArgumentRole.OUT_MIPMAPPED_ARRAY;
        final long bound = mipmapped ? reference.boundMipmappedArray : reference.boundArray;
        if (bound == 0)
        {
            result.fail(CudaError.INVALID_VALUE, row.name() + ": " + (role == ArgumentRole.TEXREF ? "texture" :
                "surface") + " reference 0x" + Long.toHexString(call.scalar(index)) + " is bound to no " +
                (mipmapped ? "mipmapped array" : "array"));
            return;
        }
        result.value(bound);
    }

    private static String foundKey(final FunctionRow row, final TableCall call)
    {
        final int module = call.indexOf(ArgumentRole.MODULE);
        final int name = call.indexOf(ArgumentRole.IN_STRING);
        if (module < 0 || name < 0)
        {
            return null;
        }
        final String kind = row.first(ArgumentRole.NEW_TEXREF) != null ? "texref" : "surfref";
        return kind + ":" + Long.toHexString(call.scalar(module)) + ":" + call.text(name);
    }

    private Reference reference(final FunctionRow row, final ArgumentRole role, final long handle,
        final CallResult result)
    {
        final HandleKind kind = role == ArgumentRole.SURFREF ? HandleKind.SURFREF : HandleKind.TEXREF;
        final LibraryObjectEntry entry = resources.libraryObject(handle, kind, CudaError.INVALID_HANDLE, result);
        if (entry == null)
        {
            return null;
        }
        final Reference reference = (Reference)entry.object;
        if (!live(reference))
        {
            resources.removeLibraryObject(entry);
            result.fail(CudaError.INVALID_HANDLE, row.name() + ": " + kind + " 0x" + Long.toHexString(handle) +
                " was freed with its " + (reference.module == null ? "context (destroyed or reset)" :
                "module (unloaded, or its context destroyed or reset)"));
            return null;
        }
        return reference;
    }

    private boolean live(final Reference reference)
    {
        return reference.context.backend == reference.madeIn &&
            (reference.module == null || resources.live(reference.module));
    }

    /**
     * A reference of the session: the backend's object, where it lives, and what the executor knows it is bound to.
     */
    private static final class Reference
    {
        final ContextEntry context;
        /** The context's backend object when the reference was made: a destroyed or reset context has another. */
        final BackendContext madeIn;
        final Object backend;
        /** The module it was found in, which frees it; null for one cuTexRefCreate made. */
        final ModuleEntry module;
        long boundArray;
        long boundMipmappedArray;

        Reference(final ContextEntry context, final BackendContext madeIn, final Object backend,
            final ModuleEntry module)
        {
            this.context = context;
            this.madeIn = madeIn;
            this.backend = backend;
            this.module = module;
        }
    }
}
