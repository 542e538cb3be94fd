package io.gpurelay.agent.layers;

/**
 * JCuda's adapters never use JavaCPP or its adapters: a JCuda program has no JavaCPP on its class path. The pom says
 * it first (agent-jcuda depends on agent-core and JCuda only); the rules are {@link BindingLayersTest}'s.
 */
class JCudaLayersTest extends BindingLayersTest
{
    JCudaLayersTest()
    {
        super("jcuda", "a JCuda program has no JavaCPP on its class path",
            "each library's package builds on the shared adapters, the runtime's on the driver's, not back",
            "io.gpurelay.agent.javacpp..", "org.bytedeco..");
    }
}
