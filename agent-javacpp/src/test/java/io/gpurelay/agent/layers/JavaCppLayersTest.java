package io.gpurelay.agent.layers;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * JavaCPP's adapters never use JCuda or its adapters: a JavaCPP program has no JCuda on its class path. The pom says
 * it first (agent-javacpp depends on agent-core and JavaCPP only); the rule reads the compiled classes, and fails as
 * well when the module's classes are missing (ArchUnit refuses a rule over none).
 */
class JavaCppLayersTest
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
    void javaCppAdaptersNeverTouchJCudaOrItsAdapters()
    {
        noClasses().that().resideInAPackage("io.gpurelay.agent.javacpp..")
            .should().dependOnClassesThat().resideInAnyPackage("jcuda..", "io.gpurelay.agent.jcuda..")
            .because("a JavaCPP program has no JCuda on its class path")
            .check(agent);
    }

    @Test
    void theAdaptersPackagesAreFreeOfCycles()
    {
        slices().matching("io.gpurelay.agent.(javacpp..)").should().beFreeOfCycles()
            .because("the struct classes' bodies and the presets' modules must not need each other both ways")
            .check(agent);
    }
}
