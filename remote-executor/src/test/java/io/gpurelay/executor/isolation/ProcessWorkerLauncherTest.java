package io.gpurelay.executor.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.gpurelay.executor.worker.WorkerMain;
import org.junit.jupiter.api.Test;

class ProcessWorkerLauncherTest
{
    @Test
    void workersInheritHeapPropertiesAndOpensButNoAgentsOrDebuggers()
    {
        assertTrue(ProcessWorkerLauncher.inherited("-Xmx512m"));
        assertTrue(ProcessWorkerLauncher.inherited("-XX:+UseSerialGC"));
        assertTrue(ProcessWorkerLauncher.inherited("-Daeron.term.buffer.sparse.file=true"));
        assertTrue(ProcessWorkerLauncher.inherited("--add-opens=java.base/java.nio=ALL-UNNAMED"));
        assertFalse(ProcessWorkerLauncher.inherited("-javaagent:/tmp/jacoco.jar"));
        assertFalse(ProcessWorkerLauncher.inherited("-agentlib:jdwp=transport=dt_socket,server=y,address=5005"));
        assertFalse(ProcessWorkerLauncher.inherited("-Xrunjdwp:transport=dt_socket"));
        assertFalse(ProcessWorkerLauncher.inherited("-D" + WorkerMain.STDOUT_PROP_NAME + "=/tmp/other"));
    }

    @Test
    void aWorkerStartsWithThisJvmAndClassPath()
    {
        final List<String> command = ProcessWorkerLauncher.jvmCommand();
        assertTrue(command.get(0).endsWith("java"), command.toString());
        assertEquals(System.getProperty("java.class.path"), command.get(command.size() - 1));
        assertEquals("-cp", command.get(command.size() - 2));
        assertTrue(command.contains("-XX:+ExitOnOutOfMemoryError"), command.toString());
    }
}
