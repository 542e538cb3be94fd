package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchHostFunc;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemAllocHost;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuMemsetD32Async;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoad;
import static jcuda.driver.JCudaDriver.cuModuleUnload;
import static jcuda.driver.JCudaDriver.cuStreamAddCallback;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaError;
import jcuda.runtime.cudaMemcpyKind;
import jcuda.runtime.cudaStream_t;

/**
 * An ordinary JCuda program with stream callbacks and host functions, driver and runtime API: each callback gets its
 * stream, status and user data, runs on a thread that is not the program's, after the work queued before it and
 * before the work queued after it (an event after a slow callback is recorded only once it returned; a copy after it
 * carries what it wrote), while the program waits in a synchronisation, from several threads and streams at once, and
 * while the program makes no call at all. A CUDA call inside a callback is refused, a throwing callback lets its
 * stream go on, and a callback whose adding fails never runs.
 * <p>
 * Arguments: the folder with the kernels' PTX files, then {@code --shared-pinned} where pinned memory is shared with
 * the executor (an IPC session), which lets a copy queued after a callback read what the callback wrote, as on a
 * local GPU. Or {@code hang}: add a host function that never returns, say {@code CALLBACK RUNNING} from inside it and
 * wait for its stream forever, for a test to kill. Or {@code slow MILLIS}: a host function that takes that long, and
 * the stream's synchronisation waiting for it.
 */
public final class CallbackProgram
{
    private static final Checks CHECKS = new Checks();
    private static final int SLOW_CALLBACK_MS = 300;
    private static final int THREADS = 4;
    private static final int CALLBACKS_PER_THREAD = 24;
    private static final int N = 4096;

    private CallbackProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final Path kernels = Path.of(args[0]);
        final List<String> options = List.of(args).subList(1, args.length);
        CHECKS.equal("cuInit", 0, cuInit(0));
        final CUdevice device = new CUdevice();
        CHECKS.equal("cuDeviceGet", 0, cuDeviceGet(device, 0));
        final CUcontext context = new CUcontext();
        CHECKS.equal("cuCtxCreate", 0, cuCtxCreate(context, 0, device));
        if (options.contains("hang"))
        {
            hang();
            return;
        }
        if (options.contains("slow"))
        {
            slow(Long.parseLong(options.get(options.indexOf("slow") + 1)));
            CHECKS.finish();
        }
        final CUmodule module = new CUmodule();
        CHECKS.equal("cuModuleLoad vector_add", 0,
            cuModuleLoad(module, kernels.resolve("vector_add.ptx").toString()));
        final CUfunction vectorAdd = new CUfunction();
        CHECKS.equal("cuModuleGetFunction", 0, cuModuleGetFunction(vectorAdd, module, "vector_add"));

        streamCallbackGetsItsStreamStatusAndUserData();
        hostFunctionGetsItsUserData();
        workAfterASlowCallbackWaitsForIt();
        aCallbackSeesTheWorkQueuedBeforeIt();
        if (options.contains("--shared-pinned"))
        {
            aCopyAfterACallbackCarriesWhatItWrote(vectorAdd);
        }
        callbacksFromSeveralThreadsAndStreamsRunInTheirStreamsOrder(context);
        aCallbackRunsWhileTheProgramMakesNoCall();
        aCudaCallInsideACallbackIsRefused();
        aThrowingCallbackLetsItsStreamGoOn();

        CHECKS.equal("cuModuleUnload", 0, cuModuleUnload(module));
        CHECKS.equal("cuCtxDestroy", 0, cuCtxDestroy(context));
        runtimeCallbacks();
        CHECKS.finish();
    }

    private static void streamCallbackGetsItsStreamStatusAndUserData()
    {
        final CUstream stream = newStream();
        final Object userData = new Object();
        final AtomicReference<Object[]> seen = new AtomicReference<>();
        CHECKS.equal("cuStreamAddCallback", 0, cuStreamAddCallback(stream,
            (hStream, status, data) -> seen.set(new Object[]{ hStream, status, data, Thread.currentThread() }),
            userData, 0));
        CHECKS.equal("cuStreamSynchronize after a callback", 0, cuStreamSynchronize(stream));
        final Object[] call = seen.get();
        CHECKS.check("the stream callback ran before the synchronisation returned", call != null);
        if (call != null)
        {
            CHECKS.check("the callback gets the program's stream object", call[0] == stream);
            CHECKS.equal("the callback gets CUDA_SUCCESS", CUresult.CUDA_SUCCESS, (Integer)call[1]);
            CHECKS.check("the callback gets the program's user data object", call[2] == userData);
            final Thread thread = (Thread)call[3];
            CHECKS.check("the callback ran on a callback thread, not the program's",
                thread != Thread.currentThread() && thread.getName().startsWith("gpurelay-callbacks"),
                thread.getName());
        }
        cuStreamDestroy(stream);
    }

    private static void hostFunctionGetsItsUserData()
    {
        final CUstream stream = newStream();
        final String userData = "host function data";
        final AtomicReference<Object> seen = new AtomicReference<>();
        CHECKS.equal("cuLaunchHostFunc", 0, cuLaunchHostFunc(stream, seen::set, userData));
        CHECKS.equal("cuStreamSynchronize after a host function", 0, cuStreamSynchronize(stream));
        CHECKS.check("the host function got the program's user data", seen.get() == userData);
        cuStreamDestroy(stream);
    }

    /**
     * An event recorded after a callback that sleeps is reached only once the callback returned, so the time between
     * an event before it and one after it is at least the sleep; the synchronisation on the second event waits too.
     */
    private static void workAfterASlowCallbackWaitsForIt()
    {
        final CUstream stream = newStream();
        final CUevent before = new CUevent();
        final CUevent after = new CUevent();
        cuEventCreate(before, 0);
        cuEventCreate(after, 0);
        final AtomicBoolean returned = new AtomicBoolean();
        CHECKS.equal("cuEventRecord before", 0, cuEventRecord(before, stream));
        CHECKS.equal("cuLaunchHostFunc slow", 0, cuLaunchHostFunc(stream, data ->
        {
            sleep(SLOW_CALLBACK_MS);
            returned.set(true);
        }, null));
        CHECKS.equal("cuEventRecord after", 0, cuEventRecord(after, stream));
        CHECKS.equal("cuEventSynchronize after the slow callback", 0, cuEventSynchronize(after));
        CHECKS.check("the event after the callback was reached only after it returned", returned.get());
        final float[] milliseconds = new float[1];
        CHECKS.equal("cuEventElapsedTime", 0, cuEventElapsedTime(milliseconds, before, after));
        CHECKS.check("the stream waited for the slow callback (events " + milliseconds[0] + " ms apart)",
            milliseconds[0] >= SLOW_CALLBACK_MS - 1);
        cuEventDestroy(before);
        cuEventDestroy(after);
        cuStreamDestroy(stream);
    }

    /**
     * A memset and a copy to pinned memory queued before the callback have happened when it runs: over IPC the copy
     * is one DMA into shared memory at its place in the stream, which the callback reads.
     */
    private static void aCallbackSeesTheWorkQueuedBeforeIt()
    {
        final CUstream stream = newStream();
        final CUdeviceptr device = new CUdeviceptr();
        cuMemAlloc(device, (long)N * Sizeof.INT);
        final Pointer pinned = new Pointer();
        CHECKS.equal("cuMemAllocHost", 0, cuMemAllocHost(pinned, (long)N * Sizeof.INT));
        final IntBuffer host = pinned.getByteBuffer(0, (long)N * Sizeof.INT).order(ByteOrder.nativeOrder())
            .asIntBuffer();
        final AtomicInteger wrong = new AtomicInteger(-1);
        CHECKS.equal("cuMemsetD32Async", 0, cuMemsetD32Async(device, 0x5eed, N, stream));
        CHECKS.equal("cuMemcpyDtoHAsync to pinned memory", 0,
            cuMemcpyDtoHAsync(pinned, device, (long)N * Sizeof.INT, stream));
        CHECKS.equal("cuStreamAddCallback after them", 0, cuStreamAddCallback(stream, (hStream, status, data) ->
        {
            int count = 0;
            for (int i = 0; i < N; i++)
            {
                count += host.get(i) == 0x5eed ? 0 : 1;
            }
            wrong.set(count);
        }, null, 0));
        CHECKS.equal("cuStreamSynchronize", 0, cuStreamSynchronize(stream));
        CHECKS.equal("the callback saw the memset and the copy queued before it (wrong values)", 0, wrong.get());
        cuMemFreeHost(pinned);
        cuMemFree(device);
        cuStreamDestroy(stream);
    }

    /**
     * A callback writes pinned memory after a pause; a copy to the device and a kernel queued after it see what it
     * wrote, not what was there when they were queued.
     */
    private static void aCopyAfterACallbackCarriesWhatItWrote(final CUfunction vectorAdd)
    {
        final CUstream stream = newStream();
        final long bytes = (long)N * Sizeof.FLOAT;
        final Pointer pinned = new Pointer();
        CHECKS.equal("cuMemAllocHost for the callback to write", 0, cuMemAllocHost(pinned, bytes));
        final java.nio.FloatBuffer host = pinned.getByteBuffer(0, bytes).order(ByteOrder.nativeOrder())
            .asFloatBuffer();
        for (int i = 0; i < N; i++)
        {
            host.put(i, -1);
        }
        final CUdeviceptr a = new CUdeviceptr();
        final CUdeviceptr b = new CUdeviceptr();
        final CUdeviceptr c = new CUdeviceptr();
        cuMemAlloc(a, bytes);
        cuMemAlloc(b, bytes);
        cuMemAlloc(c, bytes);
        final float[] ones = new float[N];
        java.util.Arrays.fill(ones, 1);
        cuMemcpyHtoD(b, Pointer.to(ones), bytes);
        CHECKS.equal("cuLaunchHostFunc that writes pinned memory", 0, cuLaunchHostFunc(stream, data ->
        {
            sleep(100);
            for (int i = 0; i < N; i++)
            {
                host.put(i, i);
            }
        }, null));
        CHECKS.equal("cuMemcpyHtoDAsync after the callback", 0, cuMemcpyHtoDAsync(a, pinned, bytes, stream));
        final Pointer parameters = Pointer.to(Pointer.to(a), Pointer.to(b), Pointer.to(c), Pointer.to(new int[]{ N }));
        CHECKS.equal("vector_add after the copy", 0,
            cuLaunchKernel(vectorAdd, (N + 255) / 256, 1, 1, 256, 1, 1, 0, stream, parameters, null));
        CHECKS.equal("cuStreamSynchronize", 0, cuStreamSynchronize(stream));
        final float[] result = new float[N];
        CHECKS.equal("cuMemcpyDtoH", 0, cuMemcpyDtoH(Pointer.to(result), c, bytes));
        int wrong = 0;
        for (int i = 0; i < N; i++)
        {
            wrong += result[i] == i + 1 ? 0 : 1;
        }
        CHECKS.equal("the copy and the kernel after the callback used what it wrote (wrong values)", 0, wrong);
        cuMemFree(a);
        cuMemFree(b);
        cuMemFree(c);
        cuMemFreeHost(pinned);
        cuStreamDestroy(stream);
    }

    /**
     * Threads each with a stream of their own add stream callbacks and host functions between memsets, at the same
     * time; each stream's callbacks run once each, in the order they were added, on callback threads.
     */
    private static void callbacksFromSeveralThreadsAndStreamsRunInTheirStreamsOrder(final CUcontext context)
        throws InterruptedException
    {
        final List<List<Integer>> seen = new ArrayList<>();
        final int[] createStatus = new int[THREADS];
        final int[] synchronizeStatus = new int[THREADS];
        final Set<String> callbackThreads = ConcurrentHashMap.newKeySet();
        final List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++)
        {
            final List<Integer> order = Collections.synchronizedList(new ArrayList<>());
            seen.add(order);
            final int index = t;
            final Thread thread = new Thread(() ->
            {
                cuCtxSetCurrent(context);
                final CUstream stream = new CUstream();
                createStatus[index] = cuStreamCreate(stream, 0);
                final CUdeviceptr buffer = new CUdeviceptr();
                cuMemAlloc(buffer, (long)N * Sizeof.INT);
                for (int i = 0; i < CALLBACKS_PER_THREAD; i++)
                {
                    if (i % 4 == 0)
                    {
                        cuMemsetD32Async(buffer, i, N, stream);
                    }
                    final int number = i;
                    if (i % 2 == 0)
                    {
                        cuStreamAddCallback(stream, (hStream, status, data) ->
                        {
                            order.add((Integer)data);
                            callbackThreads.add(Thread.currentThread().getName());
                        }, number, 0);
                    }
                    else
                    {
                        cuLaunchHostFunc(stream, data ->
                        {
                            order.add(number);
                            callbackThreads.add(Thread.currentThread().getName());
                        }, null);
                    }
                }
                synchronizeStatus[index] = cuStreamSynchronize(stream);
                cuMemFree(buffer);
                cuStreamDestroy(stream);
            }, "program-thread-" + t);
            threads.add(thread);
            thread.start();
        }
        boolean ended = true;
        for (final Thread thread : threads)
        {
            thread.join(TimeUnit.SECONDS.toMillis(120));
            ended &= !thread.isAlive();
        }
        CHECKS.check(THREADS + " threads ended", ended);
        final List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < CALLBACKS_PER_THREAD; i++)
        {
            expected.add(i);
        }
        for (int t = 0; t < THREADS; t++)
        {
            CHECKS.equal("thread " + t + ": cuStreamCreate", 0, createStatus[t]);
            CHECKS.equal("thread " + t + ": cuStreamSynchronize", 0, synchronizeStatus[t]);
            CHECKS.check("thread " + t + ": its stream's callbacks ran once each, in order", expected.equals(
                seen.get(t)), String.valueOf(seen.get(t)));
        }
        CHECKS.check("every callback ran on a callback thread", !callbackThreads.isEmpty() &&
            callbackThreads.stream().allMatch(name -> name.startsWith("gpurelay-callbacks")),
            callbackThreads.toString());
    }

    /**
     * The program waits for its callback without a CUDA call: nothing of the program's polls for it.
     */
    private static void aCallbackRunsWhileTheProgramMakesNoCall() throws InterruptedException
    {
        final CUstream stream = newStream();
        final CountDownLatch ran = new CountDownLatch(1);
        CHECKS.equal("cuLaunchHostFunc", 0, cuLaunchHostFunc(stream, data -> ran.countDown(), null));
        CHECKS.check("the host function ran while the program made no call", ran.await(60, TimeUnit.SECONDS));
        cuStreamSynchronize(stream);
        cuStreamDestroy(stream);
    }

    private static void aCudaCallInsideACallbackIsRefused()
    {
        final CUstream stream = newStream();
        final AtomicInteger inside = new AtomicInteger(-1);
        final AtomicInteger inContext = new AtomicInteger(-1);
        cuLaunchHostFunc(stream, data ->
        {
            inside.set(cuDeviceGetCount(new int[1]));
            inContext.set(cuCtxSynchronize());
        }, null);
        CHECKS.equal("cuStreamSynchronize", 0, cuStreamSynchronize(stream));
        CHECKS.equal("a CUDA call inside a host function is refused with CUDA_ERROR_NOT_PERMITTED",
            CUresult.CUDA_ERROR_NOT_PERMITTED, inside.get());
        CHECKS.equal("a call needing a context inside a host function is refused with CUDA_ERROR_NOT_PERMITTED",
            CUresult.CUDA_ERROR_NOT_PERMITTED, inContext.get());
        cuStreamDestroy(stream);
    }

    private static void aThrowingCallbackLetsItsStreamGoOn()
    {
        final CUstream stream = newStream();
        final AtomicBoolean next = new AtomicBoolean();
        cuLaunchHostFunc(stream, data ->
        {
            throw new IllegalStateException("thrown on purpose by a host function");
        }, null);
        cuLaunchHostFunc(stream, data -> next.set(true), null);
        CHECKS.equal("cuStreamSynchronize after a throwing host function", 0, cuStreamSynchronize(stream));
        CHECKS.check("the host function after it ran", next.get());
        cuStreamDestroy(stream);
    }

    private static void runtimeCallbacks()
    {
        CHECKS.equal("cudaSetDevice", 0, JCuda.cudaSetDevice(0));
        final cudaStream_t stream = new cudaStream_t();
        CHECKS.equal("cudaStreamCreate", 0, JCuda.cudaStreamCreate(stream));
        final Object userData = new Object();
        final AtomicReference<Object[]> seen = new AtomicReference<>();
        CHECKS.equal("cudaStreamAddCallback", 0, JCuda.cudaStreamAddCallback(stream,
            (s, status, data) -> seen.set(new Object[]{ s, status, data, Thread.currentThread().getName() }),
            userData, 0));
        final AtomicReference<Object> hostData = new AtomicReference<>();
        CHECKS.equal("cudaLaunchHostFunc", 0, JCuda.cudaLaunchHostFunc(stream, hostData::set, "runtime data"));
        CHECKS.equal("cudaStreamSynchronize", 0, JCuda.cudaStreamSynchronize(stream));
        final Object[] call = seen.get();
        CHECKS.check("the runtime stream callback ran", call != null);
        if (call != null)
        {
            CHECKS.check("it gets the program's stream object", call[0] == stream);
            CHECKS.equal("it gets cudaSuccess", cudaError.cudaSuccess, (Integer)call[1]);
            CHECKS.check("it gets the program's user data object", call[2] == userData);
            CHECKS.check("it ran on a callback thread", ((String)call[3]).startsWith("gpurelay-callbacks"),
                (String)call[3]);
        }
        CHECKS.check("the runtime host function got its user data", "runtime data".equals(hostData.get()));

        // The legacy default stream: a synchronous copy waits for the host function queued on it.
        final Pointer device = new Pointer();
        CHECKS.equal("cudaMalloc", 0, JCuda.cudaMalloc(device, Sizeof.INT));
        final AtomicBoolean returned = new AtomicBoolean();
        CHECKS.equal("cudaLaunchHostFunc on the default stream", 0, JCuda.cudaLaunchHostFunc(null, data ->
        {
            sleep(SLOW_CALLBACK_MS);
            returned.set(true);
        }, null));
        final int[] value = new int[1];
        CHECKS.equal("cudaMemcpy after it", 0,
            JCuda.cudaMemcpy(Pointer.to(value), device, Sizeof.INT, cudaMemcpyKind.cudaMemcpyDeviceToHost));
        CHECKS.check("the synchronous copy on the default stream waited for the host function", returned.get());

        final AtomicInteger inside = new AtomicInteger(-1);
        JCuda.cudaLaunchHostFunc(stream, data -> inside.set(JCuda.cudaGetDeviceCount(new int[1])), null);
        CHECKS.equal("cudaStreamSynchronize", 0, JCuda.cudaStreamSynchronize(stream));
        CHECKS.equal("a CUDA call inside a host function is refused with cudaErrorNotPermitted",
            cudaError.cudaErrorNotPermitted, inside.get());

        // Flags must be 0: the callback is refused, the refusal comes back from the next call, and it never runs.
        final AtomicBoolean refusedRan = new AtomicBoolean();
        CHECKS.equal("cudaStreamAddCallback with flags 1 is queued", 0,
            JCuda.cudaStreamAddCallback(stream, (s, status, data) -> refusedRan.set(true), null, 1));
        CHECKS.equal("the next call reports the refusal", cudaError.cudaErrorInvalidValue,
            JCuda.cudaStreamSynchronize(stream));
        CHECKS.equal("then the stream synchronises", 0, JCuda.cudaStreamSynchronize(stream));
        CHECKS.check("the refused callback never ran", !refusedRan.get());
        JCuda.cudaFree(device);
        CHECKS.equal("cudaStreamDestroy", 0, JCuda.cudaStreamDestroy(stream));
    }

    /**
     * A host function that never returns, and the program waiting for its stream: for a test that kills the program
     * while its callback holds the executor's stream.
     */
    private static void hang()
    {
        final CUstream stream = newStream();
        final CountDownLatch never = new CountDownLatch(1);
        cuLaunchHostFunc(stream, data ->
        {
            System.out.println("CALLBACK RUNNING");
            System.out.flush();
            try
            {
                never.await();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }, null);
        System.out.println("SYNCHRONIZING " + cuStreamSynchronize(stream));
    }

    private static void slow(final long millis)
    {
        final CUstream stream = newStream();
        final AtomicBoolean returned = new AtomicBoolean();
        final long startedNs = System.nanoTime();
        CHECKS.equal("cuLaunchHostFunc slow", 0, cuLaunchHostFunc(stream, data ->
        {
            sleep(millis);
            returned.set(true);
        }, null));
        CHECKS.equal("cuStreamSynchronize after a " + millis + " ms host function", 0, cuStreamSynchronize(stream));
        CHECKS.check("the synchronisation waited for the slow host function", returned.get() &&
            System.nanoTime() - startedNs >= TimeUnit.MILLISECONDS.toNanos(millis));
        CHECKS.equal("cuStreamDestroy", 0, cuStreamDestroy(stream));
    }

    private static CUstream newStream()
    {
        final CUstream stream = new CUstream();
        CHECKS.equal("cuStreamCreate", 0, cuStreamCreate(stream, 0));
        return stream;
    }

    private static void sleep(final long millis)
    {
        try
        {
            Thread.sleep(millis);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
