package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.NVPTX_COMPILER_COMPILE;
import static io.gpurelay.protocol.Function.NVPTX_COMPILER_CREATE;
import static io.gpurelay.protocol.Function.NVPTX_COMPILER_DESTROY;
import static io.gpurelay.protocol.Function.NVPTX_COMPILER_GET_COMPILED_PROGRAM;
import static io.gpurelay.protocol.Function.NVPTX_COMPILER_GET_COMPILED_PROGRAM_SIZE;
import static io.gpurelay.protocol.Function.NVPTX_COMPILER_GET_ERROR_LOG;
import static io.gpurelay.protocol.Function.NVPTX_COMPILER_GET_ERROR_LOG_SIZE;
import static io.gpurelay.protocol.Function.NVPTX_COMPILER_GET_INFO_LOG;
import static io.gpurelay.protocol.Function.NVPTX_COMPILER_GET_INFO_LOG_SIZE;
import static io.gpurelay.protocol.Function.NVPTX_COMPILER_GET_VERSION;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.protocol.NulTerminatedStrings;
import io.gpurelay.protocol.NvPtxCompilerStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * nvPTXCompiler on the emulated backend, end to end over {@code aeron:ipc}, as the agent speaks it: one executor finds
 * {@code ptxas} on its PATH if this machine has one, the other is given none.
 */
class PtxCompilerIpcTest
{
    private static final long DEVICE_MEMORY = 16L * 1024 * 1024;
    private static final byte[] ELF_MAGIC = { 0x7f, 'E', 'L', 'F' };

    static final String PTX = new String(Kernels.ptx("scale.ptx"), StandardCharsets.UTF_8);

    static final String BAD_PTX = """
        .version 8.0
        .target sm_90
        .address_size 64

        .visible .entry broken()
        {
            bogus.instruction %r1;
            ret;
        }
        """;

    @RegisterExtension
    static final IpcExecutor WITH_PATH = IpcExecutor.on("ptxc", () -> new EmulatedBackend(1, DEVICE_MEMORY),
        context -> context.keepAliveTimeoutNs(30_000_000_000L));
    @RegisterExtension
    static final IpcExecutor NO_PTXAS = IpcExecutor.on("ptxc-no-ptxas", () -> new EmulatedBackend(1, DEVICE_MEMORY, null),
        context -> context.keepAliveTimeoutNs(30_000_000_000L));

    @Test
    void withoutPtxasCompilationFailsWithAnErrorLogThatSaysWhy()
    {
        final TestClient client = NO_PTXAS.connected("ptx compiler without ptxas");
        final Reply version = ok(client.call(NVPTX_COMPILER_GET_VERSION, 0));
        assertEquals(2, version.values().length);
        final long compiler = create(client, PTX);
        assertEquals(0, ok(client.call(NVPTX_COMPILER_GET_ERROR_LOG_SIZE, 0, compiler)).value(0),
            "no log before a compilation");
        assertEquals(NvPtxCompilerStatus.COMPILER_INVOCATION_INCOMPLETE,
            client.call(NVPTX_COMPILER_GET_COMPILED_PROGRAM_SIZE, 0, compiler).status());

        final Reply compile = compile(client, compiler, "--gpu-name=sm_90");
        assertEquals(NvPtxCompilerStatus.COMPILATION_FAILURE, compile.status());
        assertTrue(compile.message().contains("no ptxas was found on the executor's PATH"), compile.message());
        final String log = text(ok(client.call(NVPTX_COMPILER_GET_ERROR_LOG, 0, compiler)));
        assertTrue(log.contains("no ptxas was found on the executor's PATH"), log);
        assertEquals(log.getBytes(StandardCharsets.UTF_8).length,
            ok(client.call(NVPTX_COMPILER_GET_ERROR_LOG_SIZE, 0, compiler)).value(0), "the size has no NUL");
        assertEquals(0, ok(client.call(NVPTX_COMPILER_GET_INFO_LOG_SIZE, 0, compiler)).value(0));
        final Reply program = client.call(NVPTX_COMPILER_GET_COMPILED_PROGRAM, 0, compiler);
        assertEquals(NvPtxCompilerStatus.COMPILER_INVOCATION_INCOMPLETE, program.status());
        assertTrue(program.message().contains("the last nvPTXCompilerCompile failed"), program.message());

        ok(client.call(NVPTX_COMPILER_DESTROY, 0, compiler));
        assertEquals(NvPtxCompilerStatus.INVALID_COMPILER_HANDLE,
            client.call(NVPTX_COMPILER_GET_ERROR_LOG_SIZE, 0, compiler).status());
        assertEquals(NvPtxCompilerStatus.INVALID_COMPILER_HANDLE,
            client.call(NVPTX_COMPILER_DESTROY, 0, compiler).status(), "destroyed twice");
        assertEquals(NvPtxCompilerStatus.INVALID_INPUT,
            client.callWithPayload(NVPTX_COMPILER_CREATE, 0, new byte[]{ '.', 'v' }).status(), "a PTX without its NUL");
    }

    @Test
    void handlesAreTheSessionsOwn()
    {
        final TestClient client = NO_PTXAS.connected("ptx compiler owner");
        final TestClient other = NO_PTXAS.connected("ptx compiler other session");
        final long compiler = create(client, PTX);
        final Reply refused = other.call(NVPTX_COMPILER_GET_INFO_LOG_SIZE, 0, compiler);
        assertEquals(NvPtxCompilerStatus.INVALID_COMPILER_HANDLE, refused.status());
        assertEquals(NvPtxCompilerStatus.INVALID_COMPILER_HANDLE, other.call(NVPTX_COMPILER_DESTROY, 0, compiler)
            .status());
        assertEquals(NvPtxCompilerStatus.INVALID_COMPILER_HANDLE,
            client.call(NVPTX_COMPILER_GET_INFO_LOG_SIZE, 0, 0).status(), "a handle never made");
        ok(client.call(NVPTX_COMPILER_GET_INFO_LOG_SIZE, 0, compiler));
        assertEquals(NvPtxCompilerStatus.INVALID_INPUT,
            client.callWithPayload(NVPTX_COMPILER_COMPILE, 0, NulTerminatedStrings.encode("-O3"), compiler, 2)
                .status(), "two options announced, one sent");
    }

    @Test
    void compilesWithPtxasToACubinWithItsLogs()
    {
        assumeTrue(ptxasOnPath(), "no ptxas on this machine's PATH");
        final TestClient client = WITH_PATH.connected("ptx compiler with ptxas");
        final Reply version = ok(client.call(NVPTX_COMPILER_GET_VERSION, 0));
        assertTrue(version.value(0) >= 12, "ptxas release " + version.value(0) + "." + version.value(1));

        final long compiler = create(client, PTX);
        ok(compile(client, compiler, "--gpu-name", "sm_90", "-O3", "--verbose"));
        final byte[] cubin = ok(client.call(NVPTX_COMPILER_GET_COMPILED_PROGRAM, 0, compiler)).payload();
        assertEquals(cubin.length, ok(client.call(NVPTX_COMPILER_GET_COMPILED_PROGRAM_SIZE, 0, compiler)).value(0));
        assertArrayEquals(ELF_MAGIC, Arrays.copyOf(cubin, 4), "a cubin is an ELF file");
        final String info = text(ok(client.call(NVPTX_COMPILER_GET_INFO_LOG, 0, compiler)));
        assertTrue(info.contains("Compiling entry function 'scale' for 'sm_90'") && info.contains("registers"), info);
        assertEquals(info.getBytes(StandardCharsets.UTF_8).length,
            ok(client.call(NVPTX_COMPILER_GET_INFO_LOG_SIZE, 0, compiler)).value(0));
        assertEquals(0, ok(client.call(NVPTX_COMPILER_GET_ERROR_LOG_SIZE, 0, compiler)).value(0));

        final long broken = create(client, BAD_PTX);
        final Reply failed = compile(client, broken, "--gpu-name=sm_90");
        assertEquals(NvPtxCompilerStatus.COMPILATION_FAILURE, failed.status());
        final String errors = text(ok(client.call(NVPTX_COMPILER_GET_ERROR_LOG, 0, broken)));
        assertTrue(errors.contains("ptxas application ptx input, line 7; error") && errors.contains("bogus"), errors);
        assertFalse(errors.contains("gpurelay-ptxas") || errors.contains("input.ptx"),
            "the temporary file is not in the log: " + errors);
        assertEquals(NvPtxCompilerStatus.COMPILER_INVOCATION_INCOMPLETE,
            client.call(NVPTX_COMPILER_GET_COMPILED_PROGRAM, 0, broken).status());

        final Reply unknown = compile(client, compiler, "--gpu-name=sm_90", "--no-such-option");
        assertEquals(NvPtxCompilerStatus.COMPILATION_FAILURE, unknown.status());
        assertTrue(text(ok(client.call(NVPTX_COMPILER_GET_ERROR_LOG, 0, compiler))).contains("no-such-option"));
        assertEquals(NvPtxCompilerStatus.COMPILER_INVOCATION_INCOMPLETE,
            client.call(NVPTX_COMPILER_GET_COMPILED_PROGRAM_SIZE, 0, compiler).status(),
            "the failed compilation replaced the program");

        final Reply fileOption = compile(client, compiler, "--gpu-name=sm_90", "-o", "/tmp/elsewhere.cubin");
        assertEquals(NvPtxCompilerStatus.COMPILATION_FAILURE, fileOption.status());
        assertTrue(fileOption.message().contains("names a file on the executor's host"), fileOption.message());

        final long future = create(client, PTX.replace(".version 8.0", ".version 99.0"));
        assertEquals(NvPtxCompilerStatus.UNSUPPORTED_PTX_VERSION, compile(client, future, "--gpu-name=sm_90").status());
    }

    static boolean ptxasOnPath()
    {
        final String path = System.getenv("PATH");
        return path != null && Arrays.stream(path.split(File.pathSeparator))
            .anyMatch(directory -> !directory.isEmpty() && Files.isExecutable(Path.of(directory, "ptxas")));
    }

    private static long create(final TestClient client, final String ptx)
    {
        return ok(client.callWithPayload(NVPTX_COMPILER_CREATE, 0, NulTerminatedStrings.encode(ptx))).value(0);
    }

    private static Reply compile(final TestClient client, final long compiler, final String... options)
    {
        return client.callWithPayload(NVPTX_COMPILER_COMPILE, 0, NulTerminatedStrings.encode(options), compiler,
            options.length);
    }

    private static String text(final Reply reply)
    {
        return new String(reply.payload(), StandardCharsets.UTF_8);
    }

}
