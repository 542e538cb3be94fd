// What cuCtxSynchronize does to stream captures: in which mode, on which thread, in which context.
#include <cuda.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static CUdevice dev;
static CUcontext ctxA, ctxB;
static const char *name(CUresult r) { const char *s = 0; cuGetErrorName(r, &s); return s ? s : "?"; }

struct job { CUcontext ctx; int threadMode; CUresult result; };

static void *syncer(void *p)
{
    struct job *j = p;
    cuCtxSetCurrent(j->ctx);
    CUstreamCaptureMode m = (CUstreamCaptureMode)j->threadMode;
    cuThreadExchangeStreamCaptureMode(&m);
    j->result = cuCtxSynchronize();
    return 0;
}

// capture on ctxA in mode captureMode on this thread; then sync from (same thread | other thread) in (ctxA | ctxB)
static void run(const char *label, int captureMode, int otherThread, CUcontext syncCtx, int syncThreadMode)
{
    cuCtxSetCurrent(ctxA);
    CUstream s; cuStreamCreate(&s, CU_STREAM_NON_BLOCKING);
    CUresult b = cuStreamBeginCapture(s, (CUstreamCaptureMode)captureMode);
    CUresult r;
    if (otherThread)
    {
        struct job j = { syncCtx, syncThreadMode, CUDA_SUCCESS };
        pthread_t t; pthread_create(&t, 0, syncer, &j); pthread_join(t, 0);
        r = j.result;
    }
    else
    {
        cuCtxSetCurrent(syncCtx);
        CUstreamCaptureMode m = (CUstreamCaptureMode)syncThreadMode;
        cuThreadExchangeStreamCaptureMode(&m);
        r = cuCtxSynchronize();
        cuThreadExchangeStreamCaptureMode(&m);
        cuCtxSetCurrent(ctxA);
    }
    CUstreamCaptureStatus st; cuStreamIsCapturing(s, &st);
    CUgraph g = 0;
    CUresult e = cuStreamEndCapture(s, &g);
    if (g) cuGraphDestroy(g);
    cuStreamDestroy(s);
    CUresult after = cuCtxSynchronize();
    printf("%-60s begin=%s sync=%s status-after=%d end=%s ctxsync-after=%s\n", label, name(b), name(r), (int)st,
        name(e), name(after));
}

int main(void)
{
    cuInit(0); cuDeviceGet(&dev, 0);
    cuCtxCreate(&ctxA, NULL, 0, dev); cuCtxCreate(&ctxB, NULL, 0, dev);
    const int G = CU_STREAM_CAPTURE_MODE_GLOBAL, T = CU_STREAM_CAPTURE_MODE_THREAD_LOCAL,
        R = CU_STREAM_CAPTURE_MODE_RELAXED;
    const char *modes[] = { "global", "thread-local", "relaxed" };
    int m[] = { G, T, R };
    for (int cm = 0; cm < 3; cm++)
        for (int other = 0; other < 2; other++)
            for (int c = 0; c < 2; c++)
                for (int tm = 0; tm < 3; tm++)
                {
                    char label[200];
                    snprintf(label, sizeof label, "capture %s; sync %s thread, ctx %s, thread mode %s", modes[cm],
                        other ? "other" : "same", c ? "B" : "A", modes[tm]);
                    run(label, m[cm], other, c ? ctxB : ctxA, m[tm]);
                }
    return 0;
}
