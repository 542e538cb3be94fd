import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Reads the struct classes of JavaCPP's CUDA presets (without initialising them) and writes a C++ program that prints
 * their layouts from the CUDA headers: see scripts/javacpp-struct-layouts.sh, which runs it.
 *
 * java -cp javacpp.jar:cuda.jar scripts/JavaCppStructMembers.java CUDA_PRESETS_JAR PACKAGE... > layouts.cpp
 *
 * A struct class is a non-opaque Pointer subclass that is no FunctionPointer. Its C type is its @Name or its simple
 * name; a member's C name is the accessor's @Name, its overload's @Name, or the accessor's name (JavaCPP's own rule).
 * C++ operators and constructors (allocate) are no members. Classes that are not struct classes are written as "skip"
 * lines with the reason, and so are the struct classes of the packages in HEADERLESS_PACKAGES (comma-separated), whose
 * headers the toolkit at hand lacks, and so are the classes whose C types are in MISSING_TYPES (comma-separated: types a
 * newer presets version has and these headers lack). Each member gets a probe: a member the headers lack is reported,
 * not emitted.
 */
public final class JavaCppStructMembers
{
    public static void main(final String[] args) throws Exception
    {
        final ClassLoader loader = JavaCppStructMembers.class.getClassLoader();
        final Class<?> pointer = Class.forName("org.bytedeco.javacpp.Pointer", false, loader);
        final Class<?> functionPointer = Class.forName("org.bytedeco.javacpp.FunctionPointer", false, loader);
        final List<String> packages = new ArrayList<>();
        for (int i = 1; i < args.length; i++)
        {
            packages.add(args[i].replace('.', '/') + "/");
        }
        final String headerless = System.getenv().getOrDefault("HEADERLESS_PACKAGES", "");
        final List<String> missingTypes = Arrays.asList(System.getenv().getOrDefault("MISSING_TYPES", "").split(","));
        final List<String> names = new ArrayList<>();
        try (JarFile jar = new JarFile(args[0]))
        {
            for (final Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); )
            {
                final String name = entries.nextElement().getName();
                for (final String p : packages)
                {
                    if (name.startsWith(p) && name.endsWith(".class") && name.indexOf('/', p.length()) < 0 &&
                        !name.contains("$"))
                    {
                        names.add(name.substring(0, name.length() - 6).replace('/', '.'));
                    }
                }
            }
        }
        Collections.sort(names);
        final StringBuilder probes = new StringBuilder();
        final StringBuilder body = new StringBuilder("static void all()\n{\n");
        for (final String name : names)
        {
            final Class<?> type = Class.forName(name, false, loader);
            if (!pointer.isAssignableFrom(type))
            {
                continue;
            }
            if (functionPointer.isAssignableFrom(type))
            {
                body.append("    skip(\"").append(name).append("\", \"function pointer\");\n");
                continue;
            }
            if (annotation(type.getAnnotations(), "Opaque") != null)
            {
                body.append("    skip(\"").append(name).append("\", \"opaque handle\");\n");
                continue;
            }
            if (Arrays.asList(headerless.split(",")).contains(type.getPackageName()))
            {
                body.append("    skip(\"").append(name).append("\", \"its header is not in the CUDA toolkit the layouts were taken from\");\n");
                continue;
            }
            final String cType = nameOf(type.getAnnotations(), type.getSimpleName());
            if (missingTypes.contains(cType))
            {
                body.append("    skip(\"").append(name).append("\", \"its C type ").append(cType)
                    .append(" is not in the headers the layouts were taken from\");\n");
                continue;
            }
            final boolean noOffset = annotation(type.getAnnotations(), "NoOffset") != null;
            body.append("    structure<").append(cType).append(">(\"").append(name).append("\", \"").append(cType)
                .append("\", ").append(noOffset ? "true" : "false").append(");\n");
            for (final String member : members(type))
            {
                final String id = "m_" + id(name, member);
                probes.append("template<typename U> auto ").append(id)
                    .append("(int) -> decltype((void)std::declval<U&>().").append(member).append(", void())\n{\n")
                    .append("    emit<decltype(std::declval<U&>().").append(member).append(")>(\"").append(name)
                    .append("\", \"").append(member).append("\", offsetof(U, ").append(member).append("));\n}\n")
                    .append("template<typename U> void ").append(id).append("(long)\n{\n    missing(\"")
                    .append(name).append("\", \"").append(member).append("\");\n}\n");
                body.append("    ").append(id).append("<").append(cType).append(">(0);\n");
            }
        }
        body.append("}\n");
        System.out.print(probes);
        System.out.print(body);
    }

    /** The C member names a struct class's native accessors reach, in a stable order. */
    static Set<String> members(final Class<?> type)
    {
        final TreeMap<String, String> byJavaName = new TreeMap<>();
        for (final Method method : type.getDeclaredMethods())
        {
            if (!Modifier.isNative(method.getModifiers()) || Modifier.isStatic(method.getModifiers()))
            {
                continue;
            }
            final String javaName = method.getName();
            if (javaName.equals("allocate") || javaName.equals("allocateArray") || javaName.equals("deallocate"))
            {
                continue;
            }
            final String name = nameOf(method.getAnnotations(), null);
            if (name != null && name.startsWith("operator"))
            {
                continue;
            }
            if (name != null || !byJavaName.containsKey(javaName))
            {
                byJavaName.put(javaName, name != null ? name : javaName);
            }
        }
        return new LinkedHashSet<>(byJavaName.values());
    }

    static String id(final String className, final String member)
    {
        return (className + "__" + member).replaceAll("[^A-Za-z0-9_]", "_");
    }

    static Annotation annotation(final Annotation[] annotations, final String simpleName)
    {
        for (final Annotation annotation : annotations)
        {
            if (annotation.annotationType().getSimpleName().equals(simpleName))
            {
                return annotation;
            }
        }
        return null;
    }

    static String nameOf(final Annotation[] annotations, final String fallback)
    {
        final Annotation name = annotation(annotations, "Name");
        if (name == null)
        {
            return fallback;
        }
        try
        {
            final String[] value = (String[])name.annotationType().getMethod("value").invoke(name);
            return value.length > 0 && !value[0].isEmpty() ? value[0] : fallback;
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
