package io.gpurelay.agent.javacpp.struct;

import java.lang.reflect.Method;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;

import io.gpurelay.agent.instrumentation.MethodBodies;
import io.gpurelay.agent.log.AgentLog;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.annotation.AnnotationList;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.description.type.TypeList;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.ExceptionMethod;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.MethodCall;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import net.bytebuddy.utility.JavaModule;
import org.bytedeco.javacpp.FunctionPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.annotation.ByPtrPtr;
import org.bytedeco.javacpp.annotation.ByPtrRef;
import org.bytedeco.javacpp.annotation.Name;

/**
 * Gives every native method of one struct class of the presets a Java body that does what JavaCPP's generated JNI
 * code does, from the member's layout: allocators, primitive getters and setters, indexed ones, getters returning a
 * view of a member or the value of a pointer member, setters copying a struct or storing an address. A native whose
 * member the layouts lack, or whose shape no rule covers (C++ operators), throws UnsupportedOperationException
 * naming the class and member. The class is rebased with the agent's native method prefix, as the bindings' are.
 */
final class StructTransformer implements AgentBuilder.Transformer
{
    private final StructLayouts layouts;

    StructTransformer(final StructLayouts layouts)
    {
        this.layouts = layouts;
    }

    public DynamicType.Builder<?> transform(
        final DynamicType.Builder<?> builder,
        final TypeDescription typeDescription,
        final ClassLoader classLoader,
        final JavaModule javaModule,
        final ProtectionDomain protectionDomain)
    {
        final StructLayout layout = layouts.layout(typeDescription.getName());
        if (layout == null)
        {
            return builder;
        }
        final MethodBodies bodies = new MethodBodies();
        int unsupported = 0;
        for (final MethodDescription.InDefinedShape method : typeDescription.getDeclaredMethods())
        {
            if (!method.isNative())
            {
                continue;
            }
            Implementation body;
            try
            {
                body = body(typeDescription, layout, method);
            }
            catch (final UnsupportedOperationException ex)
            {
                body = ExceptionMethod.throwing(UnsupportedOperationException.class, ex.getMessage());
                unsupported++;
            }
            bodies.put(method, body);
        }
        AgentLog.debug("rewrote struct class " + typeDescription.getName() + ": " + bodies.size() + " natives" +
            (unsupported > 0 ? ", " + unsupported + " of them unsupported" : ""));
        return builder.method(bodies.methods()).intercept(bodies);
    }

    /**
     * @return why each native of the class that gets no working body gets none (for tests and diagnostics)
     */
    List<String> unsupported(final TypeDescription typeDescription)
    {
        final List<String> reasons = new ArrayList<>();
        final StructLayout layout = layouts.layout(typeDescription.getName());
        for (final MethodDescription.InDefinedShape method : typeDescription.getDeclaredMethods())
        {
            if (method.isNative())
            {
                try
                {
                    body(typeDescription, layout, method);
                }
                catch (final UnsupportedOperationException ex)
                {
                    reasons.add(ex.getMessage());
                }
            }
        }
        return reasons;
    }

    private Implementation body(
        final TypeDescription type, final StructLayout layout, final MethodDescription.InDefinedShape method)
    {
        final String javaName = method.getName();
        final TypeList parameters = method.getParameters().asTypeList().asErasures();
        final TypeDescription returned = method.getReturnType().asErasure();
        final String where = type.getName() + "." + javaName + parameters;
        if (method.isStatic())
        {
            throw unsupported(type, javaName, "a static native of a struct class");
        }
        if (javaName.equals("allocate") && returned.represents(void.class))
        {
            return allocator(type, layout, parameters, where);
        }
        if (javaName.equals("allocateArray") && returned.represents(void.class) && parameters.size() == 1 &&
            (parameters.get(0).represents(long.class) || parameters.get(0).represents(int.class)))
        {
            return call("allocateArray", long.class).withThis().with(register(layout, null, where)).withArgument(0);
        }
        final String memberName = memberName(type, method);
        if (hasIndirection(method))
        {
            throw unsupported(type, memberName, "passed by pointer to pointer");
        }
        if (memberName.startsWith("operator"))
        {
            throw unsupported(type, memberName, "a C++ operator");
        }
        final StructLayout.Member member = layout.member(memberName);
        if (member == null)
        {
            throw unsupported(type, memberName, "not in the layouts the agent took from the CUDA headers");
        }
        final boolean setter = parameters.size() >= 1 && (returned.equals(type) || returned.represents(void.class));
        final int indices = setter ? parameters.size() - 1 : parameters.size();
        if (indices > 1)
        {
            throw unsupported(type, memberName, "more than one index");
        }
        for (int i = 0; i < indices; i++)
        {
            if (!parameters.get(i).represents(int.class) && !parameters.get(i).represents(long.class))
            {
                throw unsupported(type, memberName, "an index that is no int or long");
            }
        }
        final boolean indexed = indices == 1;
        if (indexed && !member.isArray() && member.kind() != StructLayout.Kind.POINTER)
        {
            throw unsupported(type, memberName, "an index into a member that is no array or pointer");
        }
        final TypeDescription valueType = setter ? parameters.get(parameters.size() - 1) : returned;
        final StructLayout.Kind target = indexed ? (member.isArray() ? member.kind() : member.pointeeKind()) :
            member.kind();
        final int id = register(layout, member, where);
        if (valueType.isPrimitive() && !valueType.represents(void.class))
        {
            if (!indexed && member.isArray())
            {
                throw unsupported(type, memberName, "an array in the CUDA headers the layouts come from, a scalar " +
                    "in the presets: another CUDA version");
            }
            if (!target.isScalar() && target != StructLayout.Kind.POINTER)
            {
                throw unsupported(type, memberName, "a " + valueType.getName() + " for a member that is no scalar");
            }
            final String suffix = Character.toUpperCase(valueType.getName().charAt(0)) + valueType.getName().substring(1);
            if (setter)
            {
                return indexed ?
                    dynamic(call("set" + suffix + "At", long.class, primitive(valueType)).withThis().with(id)
                        .withArgument(0, 1)) :
                    dynamic(call("set" + suffix, primitive(valueType)).withThis().with(id).withArgument(0));
            }
            return indexed ?
                call("get" + suffix + "At", long.class).withThis().with(id).withArgument(0) :
                call("get" + suffix).withThis().with(id);
        }
        if (valueType.isAssignableTo(Pointer.class) && !valueType.isAssignableTo(FunctionPointer.class))
        {
            if (target.isScalar() && !(member.isArray() && !indexed))
            {
                throw unsupported(type, memberName, "a pointer for a scalar member");
            }
            if (target == StructLayout.Kind.VOID)
            {
                throw unsupported(type, memberName, "an element of an unknown type");
            }
            if (setter)
            {
                if (!indexed && member.isArray())
                {
                    throw unsupported(type, memberName, "a setter of a whole array");
                }
                return indexed ?
                    dynamic(call("setPointerAt", long.class, Pointer.class).withThis().with(id).withArgument(0, 1)) :
                    dynamic(call("setPointer", Pointer.class).withThis().with(id).withArgument(0));
            }
            return indexed ?
                dynamic(call("getPointerAt", long.class, Class.class).withThis().with(id).withArgument(0)
                    .with(returned)) :
                dynamic(call("getPointer", Class.class).withThis().with(id).with(returned));
        }
        throw unsupported(type, memberName, "a " + valueType.getName() + " value");
    }

    private Implementation allocator(
        final TypeDescription type, final StructLayout layout, final TypeList parameters, final String where)
    {
        final int id = register(layout, null, where);
        if (parameters.isEmpty())
        {
            return call("allocate").withThis().with(id);
        }
        if (parameters.size() == 1 && parameters.get(0).isAssignableTo(Pointer.class) &&
            layouts.layout(parameters.get(0).getName()) != null)
        {
            return call("allocateCopy", Pointer.class).withThis().with(id).withArgument(0);
        }
        boolean values = parameters.size() == layout.members().size();
        for (final TypeDescription parameter : parameters)
        {
            values &= parameter.isPrimitive();
        }
        if (values && !layout.members().isEmpty())
        {
            return call("allocateWith", Object[].class).withThis().with(id).withArgumentArray();
        }
        throw unsupported(type, "allocate" + parameters, "a C++ constructor");
    }

    private static int register(final StructLayout layout, final StructLayout.Member member, final String where)
    {
        return Accessor.register(layout, member, where);
    }

    /**
     * JavaCPP's rule: the accessor's @Name, else its overload's @Name (a getter and its setter share one), else
     * the accessor's name.
     */
    private static String memberName(final TypeDescription type, final MethodDescription method)
    {
        final String own = nameOf(method.getDeclaredAnnotations());
        if (own != null)
        {
            return own;
        }
        for (final MethodDescription.InDefinedShape other : type.getDeclaredMethods())
        {
            if (other.isNative() && other.getName().equals(method.getName()))
            {
                final String paired = nameOf(other.getDeclaredAnnotations());
                if (paired != null && !paired.startsWith("operator"))
                {
                    return paired;
                }
            }
        }
        return method.getName();
    }

    /**
     * @ByPtrPtr and @ByPtrRef add a level of indirection the layouts do not describe.
     */
    private static boolean hasIndirection(final MethodDescription method)
    {
        if (indirect(method.getDeclaredAnnotations()))
        {
            return true;
        }
        for (final ParameterDescription parameter : method.getParameters())
        {
            if (indirect(parameter.getDeclaredAnnotations()))
            {
                return true;
            }
        }
        return false;
    }

    private static boolean indirect(final AnnotationList annotations)
    {
        return annotations.isAnnotationPresent(ByPtrPtr.class) || annotations.isAnnotationPresent(ByPtrRef.class);
    }

    private static String nameOf(final AnnotationList annotations)
    {
        final AnnotationDescription name = annotations.ofType(Name.class);
        if (name == null)
        {
            return null;
        }
        final String[] value = name.getValue("value").resolve(String[].class);
        return value.length > 0 && !value[0].isEmpty() ? value[0] : null;
    }

    private static UnsupportedOperationException unsupported(
        final TypeDescription type, final String member, final String why)
    {
        return new UnsupportedOperationException(type.getName() + "." + member + " is not supported by gpurelay's " +
            "JavaCPP structs (" + why + ")");
    }

    private static Class<?> primitive(final TypeDescription type)
    {
        return switch (type.getName())
        {
            case "boolean" -> boolean.class;
            case "byte" -> byte.class;
            case "short" -> short.class;
            case "char" -> char.class;
            case "int" -> int.class;
            case "long" -> long.class;
            case "float" -> float.class;
            case "double" -> double.class;
            default -> throw new IllegalArgumentException(type.getName());
        };
    }

    private static MethodCall.WithoutSpecifiedTarget call(final String name, final Class<?>... after)
    {
        final Class<?>[] parameters = new Class<?>[after.length + 2];
        parameters[0] = Pointer.class;
        parameters[1] = int.class;
        System.arraycopy(after, 0, parameters, 2, after.length);
        try
        {
            final Method method = StructAccess.class.getMethod(name, parameters);
            return MethodCall.invoke(method);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private static Implementation dynamic(final MethodCall call)
    {
        return call.withAssigner(Assigner.DEFAULT, Assigner.Typing.DYNAMIC);
    }
}
