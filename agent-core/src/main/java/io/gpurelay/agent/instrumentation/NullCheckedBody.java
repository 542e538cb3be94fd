package io.gpurelay.agent.instrumentation;

import java.util.List;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterDescription;
import net.bytebuddy.dynamic.scaffold.InstrumentedType;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.bytecode.ByteCodeAppender;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * A native's body behind JCuda's null checks of its arguments ({@link NullChecks}), made in JCuda's order: a check
 * that throws calls {@link NullArguments#check} with JCuda's message; one where JCuda returns a status instead
 * returns that status when the argument is null. Then the body runs.
 */
final class NullCheckedBody implements Implementation
{
    private static final String NULL_ARGUMENTS = NullArguments.class.getName().replace('.', '/');

    private final List<NullChecks.Check> checks;
    private final Implementation body;

    NullCheckedBody(final List<NullChecks.Check> checks, final Implementation body)
    {
        this.checks = checks;
        this.body = body;
    }

    public InstrumentedType prepare(final InstrumentedType instrumentedType)
    {
        return body.prepare(instrumentedType);
    }

    public ByteCodeAppender appender(final Target target)
    {
        final ByteCodeAppender bodyAppender = body.appender(target);
        return (methodVisitor, context, instrumentedMethod) ->
        {
            for (final NullChecks.Check check : checks)
            {
                final ParameterDescription parameter = parameter(instrumentedMethod, check);
                methodVisitor.visitVarInsn(Opcodes.ALOAD, parameter.getOffset());
                if (check.returnsStatus())
                {
                    final Label notNull = new Label();
                    methodVisitor.visitJumpInsn(Opcodes.IFNONNULL, notNull);
                    methodVisitor.visitLdcInsn(check.status());
                    methodVisitor.visitInsn(Opcodes.IRETURN);
                    methodVisitor.visitLabel(notNull);
                    context.getFrameGeneration().same(methodVisitor, instrumentedMethod.getParameters().asTypeList());
                }
                else
                {
                    methodVisitor.visitLdcInsn(check.message());
                    methodVisitor.visitMethodInsn(Opcodes.INVOKESTATIC, NULL_ARGUMENTS, "check",
                        "(Ljava/lang/Object;Ljava/lang/String;)V", false);
                }
            }
            final ByteCodeAppender.Size size = bodyAppender.apply(methodVisitor, context, instrumentedMethod);
            return new ByteCodeAppender.Size(Math.max(2, size.getOperandStackSize()), size.getLocalVariableSize());
        };
    }

    private static ParameterDescription parameter(final MethodDescription method, final NullChecks.Check check)
    {
        final ParameterDescription parameter = method.getParameters().get(check.position());
        if (parameter.getType().isPrimitive())
        {
            throw new IllegalStateException("JCuda's null check of " + check.parameter() + " names parameter " +
                check.position() + " of " + method + ", which is primitive");
        }
        if (check.returnsStatus() && !method.getReturnType().represents(int.class))
        {
            throw new IllegalStateException("JCuda's null check of " + check.parameter() + " returns a status, but " +
                method + " returns no int");
        }
        return parameter;
    }
}
