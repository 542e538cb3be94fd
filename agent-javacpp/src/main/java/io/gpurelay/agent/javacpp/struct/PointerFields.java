package io.gpurelay.agent.javacpp.struct;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Modifier;

import org.bytedeco.javacpp.FunctionPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.annotation.Opaque;

/**
 * What JavaCPP's generated JNI code does to a {@link Pointer} that plain Java cannot: set its protected address,
 * limit and capacity, attach a deallocator, and create a pointer of a given class at an address without running
 * an allocating constructor. Reached through private lookups: JavaCPP lives in an unnamed module, open to all. It
 * extends Pointer only to name Pointer's protected Deallocator interface; it is never instantiated.
 */
final class PointerFields extends Pointer
{
    private static final VarHandle ADDRESS;
    private static final VarHandle POSITION;
    private static final VarHandle LIMIT;
    private static final VarHandle CAPACITY;
    private static final MethodHandle DEALLOCATOR;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Pointer.class, MethodHandles.lookup());
            ADDRESS = lookup.findVarHandle(Pointer.class, "address", long.class);
            POSITION = lookup.findVarHandle(Pointer.class, "position", long.class);
            LIMIT = lookup.findVarHandle(Pointer.class, "limit", long.class);
            CAPACITY = lookup.findVarHandle(Pointer.class, "capacity", long.class);
            DEALLOCATOR = lookup.findVirtual(Pointer.class, "deallocator",
                MethodType.methodType(Pointer.class, Deallocator.class));
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** The (Pointer) constructor of each class a getter returns: JavaCPP's generated classes all have one. */
    private static final ClassValue<MethodHandle> CONSTRUCTORS = new ClassValue<>()
    {
        protected MethodHandle computeValue(final Class<?> type)
        {
            if (FunctionPointer.class.isAssignableFrom(type) || Modifier.isAbstract(type.getModifiers()))
            {
                throw new UnsupportedOperationException("cannot create a " + type.getName() + " for a struct member");
            }
            try
            {
                return MethodHandles.publicLookup()
                    .findConstructor(type, MethodType.methodType(void.class, Pointer.class))
                    .asType(MethodType.methodType(Pointer.class, Pointer.class));
            }
            catch (final ReflectiveOperationException ex)
            {
                throw new UnsupportedOperationException(type.getName() + " has no public (Pointer) constructor", ex);
            }
        }
    };

    private static final ClassValue<Boolean> OPAQUE = new ClassValue<>()
    {
        protected Boolean computeValue(final Class<?> type)
        {
            return type.isAnnotationPresent(Opaque.class);
        }
    };

    private PointerFields()
    {
        throw new AssertionError();
    }

    /**
     * A new pointer of this class at this address, as JavaCPP returns a member: no position, limit or capacity.
     */
    static Pointer create(final Class<?> type, final long address)
    {
        final Pointer pointer;
        try
        {
            pointer = (Pointer)CONSTRUCTORS.get(type).invokeExact((Pointer)null);
        }
        catch (final RuntimeException | Error ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException(ex);
        }
        ADDRESS.set(pointer, address);
        return pointer;
    }

    /**
     * Points the pointer at memory it owns, as JavaCPP's allocators do: position 0, limit and capacity the count, and
     * a deallocator that frees the memory (it holds the raw pointer calloc returned, never the struct object, so the
     * struct object can be collected).
     */
    static void own(final Pointer pointer, final Pointer memory, final long count)
    {
        final Deallocator deallocator = () -> Pointer.free(memory);
        ADDRESS.set(pointer, memory.address());
        POSITION.set(pointer, 0L);
        LIMIT.set(pointer, count);
        CAPACITY.set(pointer, count);
        try
        {
            final Pointer ignored = (Pointer)DEALLOCATOR.invokeExact(pointer, deallocator);
        }
        catch (final RuntimeException | Error ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /**
     * The address a pointer argument passes to C, as JavaCPP's JNI code computes it: its address plus its position
     * in elements (not for opaque classes), 0 for null.
     */
    static long argumentAddress(final Pointer pointer)
    {
        if (pointer == null || pointer.address() == 0)
        {
            return 0;
        }
        final long position = pointer.position();
        if (position == 0 || OPAQUE.get(pointer.getClass()))
        {
            return pointer.address();
        }
        return pointer.address() + position * Math.max(1, pointer.sizeof());
    }
}
