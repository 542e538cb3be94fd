package io.gpurelay.agent.jcuda.gl;

/**
 * Finds the program's GL binding at the first interop call: LWJGL 3 ({@code org.lwjgl.opengl.GL15}), else JOGL
 * ({@code com.jogamp.opengl.GLContext}). Neither is a dependency of the agent: both are called by reflection, through
 * the class loader that sees the program's classes. The choice is kept: a class path does not change.
 */
public final class GlBindings
{
    static final String MISSING = "no OpenGL binding on the program's class path: gpurelay's OpenGL interop calls " +
        "the program's LWJGL 3 (org.lwjgl.opengl.GL15) or JOGL (com.jogamp.opengl.GLContext), and found neither";

    private static volatile Object found;

    private GlBindings()
    {
    }

    /**
     * @return the program's binding.
     * @throws GlUnavailableException when neither LWJGL 3 nor JOGL is on the class path.
     */
    public static GlAccess find() throws GlUnavailableException
    {
        Object binding = found;
        if (binding == null)
        {
            binding = load();
            found = binding;
        }
        if (binding instanceof GlAccess access)
        {
            return access;
        }
        throw new GlUnavailableException((String)binding);
    }

    private static Object load()
    {
        final ClassLoader loader = programLoader();
        final StringBuilder why = new StringBuilder(MISSING);
        try
        {
            final Class<?> gl15 = Class.forName("org.lwjgl.opengl.GL15", false, loader);
            return new LwjglGl(gl15, Class.forName("org.lwjgl.opengl.GL11", false, loader));
        }
        catch (final ClassNotFoundException ex)
        {
            // Not LWJGL: try JOGL.
        }
        catch (final ReflectiveOperationException | LinkageError ex)
        {
            why.append("; LWJGL's org.lwjgl.opengl.GL15 is there but unusable: ").append(ex);
        }
        try
        {
            return new JoglGl(Class.forName("com.jogamp.opengl.GLContext", false, loader),
                Class.forName("com.jogamp.opengl.GL", false, loader),
                Class.forName("com.jogamp.opengl.GL2GL3", false, loader));
        }
        catch (final ClassNotFoundException ex)
        {
            return why.toString();
        }
        catch (final ReflectiveOperationException | LinkageError ex)
        {
            return why.append("; JOGL's com.jogamp.opengl.GLContext is there but unusable: ").append(ex).toString();
        }
    }

    private static ClassLoader programLoader()
    {
        final ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : ClassLoader.getSystemClassLoader();
    }
}
