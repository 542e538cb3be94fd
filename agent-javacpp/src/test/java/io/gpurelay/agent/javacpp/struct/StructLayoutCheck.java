package io.gpurelay.agent.javacpp.struct;

import java.io.InputStream;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.TreeMap;

import org.bytedeco.javacpp.Loader;
import org.bytedeco.javacpp.Pointer;

/**
 * Checks the agent's struct layouts against the CUDA presets' own native library, without the agent: loads the
 * library (whose JNI_OnLoad registers every struct class's sizeof and member offsets, compiled from the headers the
 * presets were built with) and compares each size and offset with the layouts. Prints every mismatch and exits 1 on
 * any; members and classes only one side has are listed, not failed, and so is a size that differs because the
 * library's headers (a newer CUDA) add members the layouts' headers lack (VERSION lines). Needs a host with CUDA and its driver, since
 * the library links both. docs/remoted.md, "Struct classes", gives the command line.
 */
public final class StructLayoutCheck
{
    private StructLayoutCheck()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final StructLayouts layouts;
        try (InputStream in = StructLayouts.class.getResourceAsStream(StructLayouts.RESOURCE))
        {
            layouts = StructLayouts.read(in);
        }
        System.out.println("loaded cudart: " + Loader.load(Class.forName("org.bytedeco.cuda.global.cudart")));
        for (final String preset : new String[] {"cublas", "curand", "nvrtc"})
        {
            try
            {
                System.out.println("loaded " + preset + ": " +
                    Loader.load(Class.forName("org.bytedeco.cuda.global." + preset)));
            }
            catch (final UnsatisfiedLinkError ex)
            {
                System.out.println("note: " + preset + " not loaded, its struct classes are not compared (" + ex + ")");
            }
        }
        final Map<Class<?>, Map<String, Integer>> registered = registeredOffsets();

        int mismatches = 0;
        int compared = 0;
        final Map<String, String> notes = new TreeMap<>();
        for (final StructLayout layout : layouts.structs().values())
        {
            final Class<? extends Pointer> type = Class.forName(layout.javaClassName(), false,
                StructLayoutCheck.class.getClassLoader()).asSubclass(Pointer.class);
            final Map<String, Integer> library = registered.get(type);
            if (library == null)
            {
                notes.put(layout.javaClassName(), "the library registers nothing for it (Loader.sizeof fails there)");
                continue;
            }
            compared++;
            final boolean libraryHasMore = library.keySet().stream()
                .anyMatch(member -> !member.equals("sizeof") && layout.member(member) == null);
            if (!Integer.valueOf(layout.size()).equals(library.get("sizeof")))
            {
                if (libraryHasMore)
                {
                    System.out.println("VERSION sizeof(" + layout.cType() + "): layouts " + layout.size() +
                        ", library " + library.get("sizeof") + ", which has members the layouts' headers lack");
                }
                else
                {
                    System.out.println("MISMATCH sizeof(" + layout.cType() + "): layouts " + layout.size() +
                        ", library " + library.get("sizeof"));
                    mismatches++;
                }
            }
            for (final StructLayout.Member member : layout.members().values())
            {
                final Integer offset = library.get(member.name());
                if (offset == null)
                {
                    if (!layout.noOffset())
                    {
                        notes.put(layout.javaClassName() + "." + member.name(), "not registered by the library");
                    }
                    continue;
                }
                compared++;
                if (offset != member.offset())
                {
                    System.out.println("MISMATCH offsetof(" + layout.cType() + ", " + member.name() + "): layouts " +
                        member.offset() + ", library " + offset);
                    mismatches++;
                }
            }
            for (final String member : library.keySet())
            {
                if (!member.equals("sizeof") && layout.member(member) == null)
                {
                    notes.put(layout.javaClassName() + "." + member, "in the library only (offset " +
                        library.get(member) + "): not in the headers the layouts were taken from");
                }
            }
        }
        for (final Map.Entry<Class<?>, Map<String, Integer>> entry : registered.entrySet())
        {
            final String name = entry.getKey().getName();
            if (name.startsWith("org.bytedeco.cuda.") && layouts.layout(name) == null &&
                entry.getValue().containsKey("sizeof"))
            {
                final String skipped = layouts.skipped().get(name);
                notes.put(name, "registered by the library (sizeof " + entry.getValue().get("sizeof") +
                    ") but not laid out: " + (skipped != null ? skipped : "not in the layouts"));
            }
        }
        notes.forEach((what, note) -> System.out.println("note " + what + ": " + note));
        System.out.println(compared + " sizes and offsets compared, " + mismatches + " mismatches");
        System.exit(mismatches == 0 && compared > 0 ? 0 : 1);
    }

    /**
     * JavaCPP's Loader.memberOffsets, which the preset libraries' JNI_OnLoad fill: package-private, so reflection.
     */
    @SuppressWarnings("unchecked")
    private static Map<Class<?>, Map<String, Integer>> registeredOffsets() throws ReflectiveOperationException
    {
        final Field field = Loader.class.getDeclaredField("memberOffsets");
        field.setAccessible(true);
        final Map<Class<?>, Map<String, Integer>> offsets = new java.util.HashMap<>();
        synchronized (Loader.class)
        {
            ((Map<Class<?>, Map<String, Integer>>)field.get(null)).forEach((k, v) -> offsets.put(k, new TreeMap<>(v)));
        }
        return offsets;
    }
}
