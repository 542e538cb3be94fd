package io.gpurelay.agent.layers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * JCuda's adapters never use JavaCPP or its adapters: a JCuda program has no JavaCPP on its class path. The pom says
 * it first (agent-jcuda depends on agent-core and JCuda only); the rule reads the compiled classes, and fails as well
 * when the module's classes are missing (ArchUnit refuses a rule over none).
 */
class JCudaLayersTest
{
    private static JavaClasses agent;

    @BeforeAll
    static void importTheAgent()
    {
        agent = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar")) // agent-core's test helpers, when a jar
            .importPackages("io.gpurelay.agent");
    }

    @Test
    void theBindingsDoNotImportEachOther()
    {
        noClasses().that().resideInAPackage("io.gpurelay.agent.jcuda..")
            .should().dependOnClassesThat().resideInAnyPackage("io.gpurelay.agent.javacpp..", "org.bytedeco..")
            .because("a JCuda program has no JavaCPP on its class path")
            .check(agent);
    }

    @Test
    void theAdaptersPackagesAreFreeOfCycles()
    {
        slices().matching("io.gpurelay.agent.(jcuda..)").should().beFreeOfCycles()
            .because("each library's package builds on the shared adapters, the runtime's on the driver's, not back")
            .check(agent);
    }

    @Test
    void theAdaptersDoNotImportTheBootstrap()
    {
        noClasses().that().resideInAPackage("io.gpurelay.agent.jcuda..")
            .should().dependOnClassesThat().resideInAPackage("io.gpurelay.agent")
            .because("the bootstrap starts the bindings' modules; what they share is in .config and .log")
            .check(agent);
    }

    @Test
    void theWholeAgentIsFreeOfCycles()
    {
        // This module's classes and agent-core's, from the class path, so that a cycle across the two modules would
        // show. None can form (agent-core's pom has no binding), but the rule says it of the whole agent. One slice
        // per package: "io.gpurelay.agent.(**)" would leave the bootstrap package out.
        assertTrue(agent.containPackage("io.gpurelay.agent.client"), "agent-core's classes were not imported");
        slices().matching("io.gpurelay.(**)").should().beFreeOfCycles()
            .because("the bootstrap sits on top, the configuration and the log at the bottom, the binding on the core")
            .check(agent);
    }
}
