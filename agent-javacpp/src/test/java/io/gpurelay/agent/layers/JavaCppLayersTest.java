package io.gpurelay.agent.layers;

/**
 * JavaCPP's adapters never use JCuda or its adapters: a JavaCPP program has no JCuda on its class path. The pom says
 * it first (agent-javacpp depends on agent-core and JavaCPP only); the rules are {@link BindingLayersTest}'s.
 */
class JavaCppLayersTest extends BindingLayersTest
{
    JavaCppLayersTest()
    {
        super("javacpp", "a JavaCPP program has no JCuda on its class path",
            "the struct classes' bodies and the presets' modules must not need each other both ways",
            "jcuda..", "io.gpurelay.agent.jcuda..");
    }
}
