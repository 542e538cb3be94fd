package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoad;
import static jcuda.driver.JCudaDriver.cuModuleUnload;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;

/**
 * An ordinary JCuda program whose kernel prints with device {@code printf} (device_printf.ptx), between lines the
 * program prints itself. Through gpurelay the kernel's lines must come out on this program's {@code System.out}, as
 * a local run shows them on its standard output: after the launch, by the time the next synchronising call
 * ({@code cuCtxSynchronize}, a blocking {@code cuMemcpyDtoH}) returns. The program records what it writes to
 * {@code System.out} and checks the order of its lines (its own CHECK lines aside). Argument: the folder with
 * device_printf.ptx.
 * <p>
 * Run locally, without gpurelay, the checks fail: CUDA then writes the kernel's lines to the process's standard
 * output directly, past {@code System.out}.
 */
public final class DevicePrintfProgram
{
    private static final Checks CHECKS = new Checks();

    private DevicePrintfProgram()
    {
    }

    public static void main(final String[] args)
    {
        final ByteArrayOutputStream recorded = new ByteArrayOutputStream();
        final PrintStream console = System.out;
        System.setOut(new PrintStream(new Tee(console, recorded), true, StandardCharsets.UTF_8));

        CHECKS.equal("cuInit", 0, cuInit(0));
        final CUdevice device = new CUdevice();
        CHECKS.equal("cuDeviceGet", 0, cuDeviceGet(device, 0));
        final CUcontext context = new CUcontext();
        CHECKS.equal("cuCtxCreate", 0, cuCtxCreate(context, 0, device));
        final CUmodule module = new CUmodule();
        CHECKS.equal("cuModuleLoad", 0, cuModuleLoad(module, Path.of(args[0]).resolve("device_printf.ptx").toString()));
        final CUfunction function = new CUfunction();
        CHECKS.equal("cuModuleGetFunction", 0, cuModuleGetFunction(function, module, "device_printf"));
        final CUdeviceptr buffer = new CUdeviceptr();
        CHECKS.equal("cuMemAlloc", 0, cuMemAlloc(buffer, 16));

        System.out.println("host: before the first launch");
        CHECKS.equal("launch 1", 0, launch(function, 1, 2, 4));
        System.out.println("host: launched");
        CHECKS.equal("cuCtxSynchronize", 0, cuCtxSynchronize());
        System.out.println("host: synchronized");
        CHECKS.equal("launch 2", 0, launch(function, 2, 1, 3));
        CHECKS.equal("cuMemcpyDtoH", 0, cuMemcpyDtoH(Pointer.to(new byte[16]), buffer, 16));
        System.out.println("host: copied");

        CHECKS.equal("cuMemFree", 0, cuMemFree(buffer));
        CHECKS.equal("cuModuleUnload", 0, cuModuleUnload(module));
        CHECKS.equal("cuCtxDestroy", 0, cuCtxDestroy(context));

        final List<String> lines = Arrays.asList(recorded.toString(StandardCharsets.UTF_8).split("\n"));
        checkBetween(lines, "host: launched", "host: synchronized", kernelLines(1, 2, 4),
            "the first launch's lines come out by the time cuCtxSynchronize returns");
        checkBetween(lines, "host: synchronized", "host: copied", kernelLines(2, 1, 3),
            "the second launch's lines come out by the time the blocking copy returns");
        CHECKS.equal("kernel lines in all", 11, lines.stream().filter(line -> line.startsWith("launch ")).count());
        CHECKS.finish();
    }

    private static int launch(final CUfunction function, final int launch, final int blocks, final int threads)
    {
        return cuLaunchKernel(function, blocks, 1, 1, threads, 1, 1, 0, null,
            Pointer.to(Pointer.to(new int[]{ launch })), null);
    }

    private static Set<String> kernelLines(final int launch, final int blocks, final int threads)
    {
        final Set<String> lines = new HashSet<>();
        for (int block = 0; block < blocks; block++)
        {
            for (int thread = 0; thread < threads; thread++)
            {
                lines.add("launch " + launch + " block " + block + " thread " + thread);
            }
        }
        return lines;
    }

    private static void checkBetween(
        final List<String> lines, final String after, final String before, final Set<String> expected,
        final String name)
    {
        final int from = lines.indexOf(after);
        final int to = lines.indexOf(before);
        final List<String> between = (from >= 0 && to > from ? lines.subList(from + 1, to) : List.<String>of())
            .stream().filter(line -> !line.startsWith("CHECK ")).toList();
        CHECKS.check(name, between.size() == expected.size() && new HashSet<>(between).equals(expected),
            "between '" + after + "' and '" + before + "' came " + between);
    }

    /** Writes to the console and keeps a copy of what was written. */
    private static final class Tee extends OutputStream
    {
        private final OutputStream console;
        private final ByteArrayOutputStream copy;

        Tee(final OutputStream console, final ByteArrayOutputStream copy)
        {
            this.console = console;
            this.copy = copy;
        }

        public synchronized void write(final int b)
        {
            copy.write(b);
            try
            {
                console.write(b);
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }

        public synchronized void write(final byte[] bytes, final int offset, final int length)
        {
            copy.write(bytes, offset, length);
            try
            {
                console.write(bytes, offset, length);
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }

        public void flush()
        {
            try
            {
                console.flush();
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }
    }
}
