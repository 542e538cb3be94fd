package io.gpurelay.agent.layers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

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
}
