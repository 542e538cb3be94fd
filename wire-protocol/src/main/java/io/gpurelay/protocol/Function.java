package io.gpurelay.protocol;

/**
 * Every function a client can ask the executor to run. The id is what travels in {@code Call.function}; ids are
 * never reused or renumbered, so an old client and a new executor agree on what each id means.
 * <p>
 * Arguments travel as the call's {@code args} (64-bit values, in the order documented per constant) and, for
 * bulk input, its payload; results come back as the reply's {@code values} and payload.
 * <p>
 * These are the functions with hand-written code on both sides. Plain functions are rows of the function table
 * ({@link io.gpurelay.protocol.table.FunctionTable}, ids from 1000 up), whose arguments travel by their roles.
 */
public enum Function implements RemotedFunction
{
    /** → values[0] = device count. */
    CUDA_GET_DEVICE_COUNT(1, Api.RUNTIME),
    /** args: device → payload = device properties ({@link DeviceProperties} text). */
    CUDA_GET_DEVICE_PROPERTIES(2, Api.RUNTIME),
    /** args: attribute, device → values[0] = attribute value. */
    CUDA_DEVICE_GET_ATTRIBUTE(3, Api.RUNTIME),
    /** → values[0] = driver version. */
    CUDA_DRIVER_GET_VERSION(4, Api.RUNTIME),
    /** → values[0] = runtime version. */
    CUDA_RUNTIME_GET_VERSION(5, Api.RUNTIME),
    /** → values = free, total. */
    CUDA_MEM_GET_INFO(6, Api.RUNTIME),
    /** args: size → values[0] = device address. */
    CUDA_MALLOC(7, Api.RUNTIME),
    /** args: device address. */
    CUDA_FREE(8, Api.RUNTIME),
    /** args: destination device address, byte count; payload = the bytes. */
    CUDA_MEMCPY_HTOD(9, Api.RUNTIME),
    /** args: source device address, byte count → payload = the bytes. */
    CUDA_MEMCPY_DTOH(10, Api.RUNTIME),
    /** args: destination, source, byte count. */
    CUDA_MEMCPY_DTOD(11, Api.RUNTIME),
    /** args: device address, value, byte count. */
    CUDA_MEMSET(12, Api.RUNTIME),
    CUDA_DEVICE_SYNCHRONIZE(13, Api.RUNTIME),
    /**
     * Resets the primary context of the call's device: destroys what the session created on that device through the
     * runtime API (allocations, modules, streams, events) and clears a sticky fault there. Contexts the session made
     * with {@code cuCtxCreate} are not touched.
     */
    CUDA_DEVICE_RESET(14, Api.RUNTIME),

    // Runtime streams and events. Handles are the executor's; stream 0 is the device's legacy default stream.
    /** args: flags → values[0] = stream handle. */
    CUDA_STREAM_CREATE(20, Api.RUNTIME),
    /** args: stream. */
    CUDA_STREAM_DESTROY(21, Api.RUNTIME),
    /** args: stream. */
    CUDA_STREAM_SYNCHRONIZE(22, Api.RUNTIME),
    /** args: stream; status cudaErrorNotReady (600) while work is pending. */
    CUDA_STREAM_QUERY(23, Api.RUNTIME),
    /** args: flags → values[0] = event handle. */
    CUDA_EVENT_CREATE(24, Api.RUNTIME),
    /** args: event, stream. */
    CUDA_EVENT_RECORD(25, Api.RUNTIME),
    /** args: event. */
    CUDA_EVENT_SYNCHRONIZE(26, Api.RUNTIME),
    /** args: start event, end event → values[0] = milliseconds as {@code Float.floatToRawIntBits}. */
    CUDA_EVENT_ELAPSED_TIME(27, Api.RUNTIME),
    /** args: event. */
    CUDA_EVENT_DESTROY(28, Api.RUNTIME),
    /** args: event; status cudaErrorNotReady (600) while not yet reached. */
    CUDA_EVENT_QUERY(29, Api.RUNTIME),
    /** args: stream, event, flags. */
    CUDA_STREAM_WAIT_EVENT(30, Api.RUNTIME),
    /** args: destination device address, byte count, stream; payload = the bytes. */
    CUDA_MEMCPY_HTOD_ASYNC(31, Api.RUNTIME),
    /** args: source device address, byte count, stream → payload = the bytes. */
    CUDA_MEMCPY_DTOH_ASYNC(32, Api.RUNTIME),
    /** args: destination, source, byte count, stream. */
    CUDA_MEMCPY_DTOD_ASYNC(33, Api.RUNTIME),
    /** args: device address, value, byte count, stream. */
    CUDA_MEMSET_ASYNC(34, Api.RUNTIME),

    // Pinned host memory shared with an IPC client ({@link PinnedMemoryFiles}). A handle is the executor's name for
    // one allocation of the session; a copy names the allocation and an offset in it, never a client address.
    /**
     * cudaMallocHost and cudaHostAlloc. args: size, cudaHostAlloc flags (cudaHostAllocMapped asks for a device
     * mapping) → values = handle, bytes mapped; payload = the file's name in the Aeron directory (US-ASCII), which
     * the client maps and removes. cudaErrorNotSupported when the session is offered no shared pinned memory.
     */
    CUDA_HOST_ALLOC(35, Api.RUNTIME),
    /** cudaFreeHost. args: handle. */
    CUDA_FREE_HOST(36, Api.RUNTIME),
    /**
     * A copy between shared pinned memory and the device, one DMA. args: direction (1 host to device, 2 device to
     * host), device address, handle, offset in the allocation, byte count, stream, 1 for a synchronous copy (the
     * reply comes once the bytes have moved) or 0 for an asynchronous one (pipelined, ordered on its stream).
     */
    CUDA_MEMCPY_HOST_MEMORY(37, Api.RUNTIME),
    /** cudaHostGetDevicePointer. args: handle, offset → values[0] = the device address of that byte. */
    CUDA_HOST_GET_DEVICE_POINTER(38, Api.RUNTIME),

    // Driver API. Call.context is the calling thread's current context handle (0: none). Handles of contexts,
    // modules, functions, streams and events are the executor's, checked against the session's tables.
    /** → values[0] = driver version. */
    CU_DRIVER_GET_VERSION(100, Api.DRIVER),
    /** → values[0] = device count. */
    CU_DEVICE_GET_COUNT(101, Api.DRIVER),
    /** args: device → payload = the name, UTF-8 without a terminating NUL. */
    CU_DEVICE_GET_NAME(102, Api.DRIVER),
    /** args: CUdevice_attribute, device → values[0] = the value. */
    CU_DEVICE_GET_ATTRIBUTE(103, Api.DRIVER),
    /**
     * Retired: {@code cuDeviceTotalMem} is the function table's row of that name (id 1020). The id stays taken so it
     * is never reused; this executor answers it as not supported.
     */
    CU_DEVICE_TOTAL_MEM(104, Api.DRIVER),
    /** args: device → payload = the 16 bytes of the UUID. */
    CU_DEVICE_GET_UUID(105, Api.DRIVER),
    /** args: flags, device → values[0] = context handle. */
    CU_CTX_CREATE(110, Api.DRIVER),
    /** args: context handle. */
    CU_CTX_DESTROY(111, Api.DRIVER),
    /** Synchronises the call's context. */
    CU_CTX_SYNCHRONIZE(112, Api.DRIVER),
    /** args: device → values[0] = handle of the device's primary context (the one runtime calls use). */
    CU_DEVICE_PRIMARY_CTX_RETAIN(113, Api.DRIVER),
    /** args: device. */
    CU_DEVICE_PRIMARY_CTX_RELEASE(114, Api.DRIVER),
    /** args: device. */
    CU_DEVICE_PRIMARY_CTX_RESET(115, Api.DRIVER),
    /** args: device → values = flags, active (0 or 1). */
    CU_DEVICE_PRIMARY_CTX_GET_STATE(116, Api.DRIVER),
    /**
     * Payload = a module image (PTX text, or a cubin/fatbin the gpu backend loads) → values[0] = module handle.
     * On failure the message carries the loader's log (the PTX line and instruction for the emulator).
     */
    CU_MODULE_LOAD_DATA(120, Api.DRIVER),
    /** args: module. */
    CU_MODULE_UNLOAD(121, Api.DRIVER),
    /**
     * args: module; payload = the function's name (UTF-8) → values[0] = function handle, values[1] = its parameter
     * count n, values[2..2+n) = each parameter's size in bytes, so the client can refuse a mismatched launch at once
     * (as CUDA does) and still pipeline the launches that match.
     */
    CU_MODULE_GET_FUNCTION(122, Api.DRIVER),
    /** args: module; payload = the variable's name (UTF-8) → values = device address, size in bytes. */
    CU_MODULE_GET_GLOBAL(123, Api.DRIVER),
    /**
     * Retired: {@code cuFuncGetAttribute} is the function table's row of that name (id 1030). The id stays taken so
     * it is never reused; this executor answers it as not supported.
     */
    CU_FUNC_GET_ATTRIBUTE(124, Api.DRIVER),
    /** args: size → values[0] = device address. */
    CU_MEM_ALLOC(130, Api.DRIVER),
    /** args: device address. */
    CU_MEM_FREE(131, Api.DRIVER),
    /** args: destination device address, byte count, stream (0: synchronous form); payload = the bytes. */
    CU_MEMCPY_HTOD(132, Api.DRIVER),
    /** args: source device address, byte count, stream → payload = the bytes. */
    CU_MEMCPY_DTOH(133, Api.DRIVER),
    /** args: destination, source, byte count, stream. */
    CU_MEMCPY_DTOD(134, Api.DRIVER),
    /** args: destination, value, element count, element size (1, 2 or 4), stream. */
    CU_MEMSET(135, Api.DRIVER),
    /** → values = free, total bytes of the context's device. */
    CU_MEM_GET_INFO(136, Api.DRIVER),
    /** cuMemAllocHost and cuMemHostAlloc: as {@link #CUDA_HOST_ALLOC}, with CU_MEMHOSTALLOC_* flags. */
    CU_MEM_HOST_ALLOC(137, Api.DRIVER),
    /** cuMemFreeHost. args: handle. */
    CU_MEM_FREE_HOST(138, Api.DRIVER),
    /** As {@link #CUDA_MEMCPY_HOST_MEMORY}. */
    CU_MEMCPY_HOST_MEMORY(139, Api.DRIVER),
    /** cuMemHostGetDevicePointer. args: handle, offset → values[0] = the device address of that byte. */
    CU_MEM_HOST_GET_DEVICE_POINTER(141, Api.DRIVER),
    /**
     * args: function, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, stream,
     * parameter count n, then the byte size of each of the n parameters; payload = the parameters' bytes, one after
     * the other without padding. n = -1 means the payload is a ready parameter buffer in CUDA's layout (the
     * {@code extra} form of cuLaunchKernel). The executor lays the parameters out as the kernel declares them and
     * refuses a count or size that does not match with CUDA_ERROR_INVALID_VALUE, naming the kernel and parameter.
     */
    CU_LAUNCH_KERNEL(140, Api.DRIVER),
    /** args: flags → values[0] = stream handle. */
    CU_STREAM_CREATE(150, Api.DRIVER),
    /** args: stream. */
    CU_STREAM_DESTROY(151, Api.DRIVER),
    /** args: stream. */
    CU_STREAM_SYNCHRONIZE(152, Api.DRIVER),
    /** args: stream; status CUDA_ERROR_NOT_READY (600) while work is pending. */
    CU_STREAM_QUERY(153, Api.DRIVER),
    /** args: stream, event, flags. */
    CU_STREAM_WAIT_EVENT(154, Api.DRIVER),
    /** args: flags → values[0] = event handle. */
    CU_EVENT_CREATE(160, Api.DRIVER),
    /** args: event, stream. */
    CU_EVENT_RECORD(161, Api.DRIVER),
    /** args: event. */
    CU_EVENT_SYNCHRONIZE(162, Api.DRIVER),
    /** args: event; status CUDA_ERROR_NOT_READY (600) while not yet reached. */
    CU_EVENT_QUERY(163, Api.DRIVER),
    /** args: start event, end event → values[0] = milliseconds as {@code Float.floatToRawIntBits}. */
    CU_EVENT_ELAPSED_TIME(164, Api.DRIVER),
    /** args: event. */
    CU_EVENT_DESTROY(165, Api.DRIVER),

    // cuBLAS v2. Call.context is the calling thread's current runtime device. Handles are the executor's; the first
    // argument of every routine is the handle, whose context the routine runs in. A scalar argument (alpha, beta, c,
    // s) is the value's raw bits in the routine's element type (Float.floatToRawIntBits, Double.doubleToRawLongBits)
    // while the handle's pointer mode is host, the device address of the value while it is device. A reduction's
    // result argument is the device address it goes to in device mode (ignored in host mode, where values[0] carries
    // the result's raw bits, or the 1-based index for iamax/iamin). Enum arguments take cuBLAS's values.
    /** → values[0] = handle, in the primary context of the call's device. */
    CUBLAS_CREATE(200, Api.CUBLAS),
    /** args: handle. */
    CUBLAS_DESTROY(201, Api.CUBLAS),
    /** args: handle → values[0] = the cuBLAS version (major * 10000 + minor * 100 + patch). */
    CUBLAS_GET_VERSION(202, Api.CUBLAS),
    /** args: handle, stream (the executor's runtime or driver stream handle; 0 is the default stream). */
    CUBLAS_SET_STREAM(203, Api.CUBLAS),
    /** args: handle → values[0] = stream handle (0: the default stream). */
    CUBLAS_GET_STREAM(204, Api.CUBLAS),
    /** args: handle, cublasPointerMode_t. */
    CUBLAS_SET_POINTER_MODE(205, Api.CUBLAS),
    /** args: handle → values[0] = cublasPointerMode_t. */
    CUBLAS_GET_POINTER_MODE(206, Api.CUBLAS),
    /** args: handle, cublasMath_t. */
    CUBLAS_SET_MATH_MODE(207, Api.CUBLAS),
    /** args: handle → values[0] = cublasMath_t. */
    CUBLAS_GET_MATH_MODE(208, Api.CUBLAS),
    /**
     * cublasSetMatrix, and cublasSetVector as a one-row matrix whose leading dimension is the increment. args: rows,
     * cols, element size, destination device address, destination leading dimension, stream (0: default; the
     * synchronous forms send 0); payload = the rows x cols elements packed column by column.
     */
    CUBLAS_SET_MATRIX(210, Api.CUBLAS),
    /**
     * cublasGetMatrix, and cublasGetVector as a one-row matrix. args: rows, cols, element size, source device address,
     * source leading dimension, stream → payload = the rows x cols elements packed column by column.
     */
    CUBLAS_GET_MATRIX(211, Api.CUBLAS),
    /** args: handle, n, alpha, x, incx, y, incy. */
    CUBLAS_SAXPY(220, Api.CUBLAS),
    CUBLAS_DAXPY(221, Api.CUBLAS),
    /** args: handle, n, x, incx, y, incy, result. */
    CUBLAS_SDOT(222, Api.CUBLAS),
    CUBLAS_DDOT(223, Api.CUBLAS),
    /** args: handle, n, x, incx, result. */
    CUBLAS_SNRM2(224, Api.CUBLAS),
    CUBLAS_DNRM2(225, Api.CUBLAS),
    /** args: handle, n, x, incx, result. */
    CUBLAS_SASUM(226, Api.CUBLAS),
    CUBLAS_DASUM(227, Api.CUBLAS),
    /** args: handle, n, alpha, x, incx. */
    CUBLAS_SSCAL(228, Api.CUBLAS),
    CUBLAS_DSCAL(229, Api.CUBLAS),
    /** args: handle, n, x, incx, y, incy. */
    CUBLAS_SCOPY(230, Api.CUBLAS),
    CUBLAS_DCOPY(231, Api.CUBLAS),
    /** args: handle, n, x, incx, y, incy. */
    CUBLAS_SSWAP(232, Api.CUBLAS),
    CUBLAS_DSWAP(233, Api.CUBLAS),
    /** args: handle, n, x, incx, result. */
    CUBLAS_ISAMAX(234, Api.CUBLAS),
    CUBLAS_IDAMAX(235, Api.CUBLAS),
    CUBLAS_ISAMIN(236, Api.CUBLAS),
    CUBLAS_IDAMIN(237, Api.CUBLAS),
    /** args: handle, n, x, incx, y, incy, c, s. */
    CUBLAS_SROT(238, Api.CUBLAS),
    CUBLAS_DROT(239, Api.CUBLAS),
    /** args: handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy. */
    CUBLAS_SGEMV(240, Api.CUBLAS),
    CUBLAS_DGEMV(241, Api.CUBLAS),
    /** args: handle, m, n, alpha, x, incx, y, incy, A, lda. */
    CUBLAS_SGER(242, Api.CUBLAS),
    CUBLAS_DGER(243, Api.CUBLAS),
    /** args: handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy. */
    CUBLAS_SSYMV(244, Api.CUBLAS),
    CUBLAS_DSYMV(245, Api.CUBLAS),
    /** args: handle, uplo, trans, diag, n, A, lda, x, incx. */
    CUBLAS_STRMV(246, Api.CUBLAS),
    CUBLAS_DTRMV(247, Api.CUBLAS),
    /** args: handle, uplo, trans, diag, n, A, lda, x, incx. */
    CUBLAS_STRSV(248, Api.CUBLAS),
    CUBLAS_DTRSV(249, Api.CUBLAS),
    /** args: handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc. */
    CUBLAS_SGEMM(260, Api.CUBLAS),
    CUBLAS_DGEMM(261, Api.CUBLAS),
    /** args: handle, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc. */
    CUBLAS_SSYMM(262, Api.CUBLAS),
    CUBLAS_DSYMM(263, Api.CUBLAS),
    /** args: handle, uplo, trans, n, k, alpha, A, lda, beta, C, ldc. */
    CUBLAS_SSYRK(264, Api.CUBLAS),
    CUBLAS_DSYRK(265, Api.CUBLAS),
    /** args: handle, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, C, ldc. */
    CUBLAS_STRMM(266, Api.CUBLAS),
    CUBLAS_DTRMM(267, Api.CUBLAS),
    /** args: handle, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb. */
    CUBLAS_STRSM(268, Api.CUBLAS),
    CUBLAS_DTRSM(269, Api.CUBLAS),
    /** args: handle, transa, transb, m, n, alpha, A, lda, beta, B, ldb, C, ldc. */
    CUBLAS_SGEAM(270, Api.CUBLAS),
    CUBLAS_DGEAM(271, Api.CUBLAS),
    /**
     * args: handle, transa, transb, m, n, k, alpha, Aarray, lda, Barray, ldb, beta, Carray, ldc, batchCount; the
     * arrays are device addresses of arrays of device pointers.
     */
    CUBLAS_SGEMM_BATCHED(272, Api.CUBLAS),
    CUBLAS_DGEMM_BATCHED(273, Api.CUBLAS),
    /**
     * args: handle, transa, transb, m, n, k, alpha, A, lda, strideA, B, ldb, strideB, beta, C, ldc, strideC,
     * batchCount.
     */
    CUBLAS_SGEMM_STRIDED_BATCHED(274, Api.CUBLAS),
    CUBLAS_DGEMM_STRIDED_BATCHED(275, Api.CUBLAS),
    /** args: handle, n, Aarray, lda, PivotArray (0: no pivoting), infoArray, batchSize. */
    CUBLAS_SGETRF_BATCHED(276, Api.CUBLAS),
    CUBLAS_DGETRF_BATCHED(277, Api.CUBLAS),
    /** args: handle, n, Aarray, lda, PivotArray, Carray, ldc, infoArray, batchSize. */
    CUBLAS_SGETRI_BATCHED(278, Api.CUBLAS),
    CUBLAS_DGETRI_BATCHED(279, Api.CUBLAS),
    /**
     * args: handle, transa, transb, m, n, k, alpha, A, Atype, lda, B, Btype, ldb, beta, C, Ctype, ldc, computeType
     * (a cublasComputeType_t), algo. In host pointer mode alpha and beta are the raw bits of the compute type's
     * scalar: a double for the 64F types, a half for the 16F types, an int for 32I, else a float.
     */
    CUBLAS_GEMM_EX(280, Api.CUBLAS),

    // cuBLAS routines of any element type, for what the S/D functions above do not cover (the complex routines,
    // banded, packed and rank-update routines, rotm): one id per routine family. args[0] is the handle, args[1] the
    // element type as a cudaDataType (CUDA_R_32F 0, CUDA_R_64F 1, CUDA_C_32F 4, CUDA_C_64F 5), which picks the S, D,
    // C or Z routine. Every scalar takes two slots: in host pointer mode the raw bits of its real and imaginary parts
    // in the type's real precision (Float.floatToRawIntBits, Double.doubleToRawLongBits; the imaginary slot is 0 for
    // a real scalar, such as her's alpha or herk's alpha and beta), in device pointer mode its device address and 0.
    // A flag argument is 0 or 1. Results come back as the S/D functions' do.
    /** args: handle, type, n, alpha, x, incx, y, incy. */
    CUBLAS_AXPY_X(420, Api.CUBLAS),
    /** args: handle, type, n, x, incx, y, incy. */
    CUBLAS_COPY_X(421, Api.CUBLAS),
    /** args: handle, type, real alpha (1: csscal/zdscal, alpha is real), n, alpha, x, incx. */
    CUBLAS_SCAL_X(422, Api.CUBLAS),
    /** args: handle, type, n, x, incx, y, incy. */
    CUBLAS_SWAP_X(423, Api.CUBLAS),
    /**
     * args: handle, type, conjugate (1: dotc), n, x, incx, y, incy, result → in host mode values = the real and
     * imaginary parts' raw bits.
     */
    CUBLAS_DOT_X(424, Api.CUBLAS),
    /** args: handle, type, minimum (1: iamin), n, x, incx, result → in host mode values[0] = the 1-based index. */
    CUBLAS_IAMAX_X(425, Api.CUBLAS),
    /** args: handle, type, n, x, incx, result → in host mode values[0] = the real result's raw bits. */
    CUBLAS_ASUM_X(426, Api.CUBLAS),
    /** args: handle, type, n, x, incx, result → in host mode values[0] = the real result's raw bits. */
    CUBLAS_NRM2_X(427, Api.CUBLAS),
    /** args: handle, type, real sine (1: csrot/zdrot), n, x, incx, y, incy, c (real), s. */
    CUBLAS_ROT_X(428, Api.CUBLAS),
    /**
     * args: handle, type, n, x, incx, y, incy, param: in host mode the 5 values' raw bits (flag, h11, h21, h12, h22),
     * in device mode the address of the 5 values and 4 ignored slots.
     */
    CUBLAS_ROTM(429, Api.CUBLAS),
    /** args: handle, type, trans, m, n, alpha, A, lda, x, incx, beta, y, incy. */
    CUBLAS_GEMV_X(430, Api.CUBLAS),
    /** args: handle, type, trans, m, n, kl, ku, alpha, A, lda, x, incx, beta, y, incy. */
    CUBLAS_GBMV(431, Api.CUBLAS),
    /** args: handle, type, hermitian (1: hemv), uplo, n, alpha, A, lda, x, incx, beta, y, incy. */
    CUBLAS_SYMV_X(432, Api.CUBLAS),
    /** sbmv for S and D, hbmv for C and Z. args: handle, type, uplo, n, k, alpha, A, lda, x, incx, beta, y, incy. */
    CUBLAS_SBMV(433, Api.CUBLAS),
    /** spmv for S and D, hpmv for C and Z. args: handle, type, uplo, n, alpha, AP, x, incx, beta, y, incy. */
    CUBLAS_SPMV(434, Api.CUBLAS),
    /** args: handle, type, solve (1: trsv), uplo, trans, diag, n, A, lda, x, incx. */
    CUBLAS_TRMV_X(435, Api.CUBLAS),
    /** args: handle, type, solve (1: tbsv), uplo, trans, diag, n, k, A, lda, x, incx. */
    CUBLAS_TBMV(436, Api.CUBLAS),
    /** args: handle, type, solve (1: tpsv), uplo, trans, diag, n, AP, x, incx. */
    CUBLAS_TPMV(437, Api.CUBLAS),
    /** args: handle, type, conjugate (1: gerc), m, n, alpha, x, incx, y, incy, A, lda. */
    CUBLAS_GER_X(438, Api.CUBLAS),
    /** syr for S and D, her (a real alpha) for C and Z. args: handle, type, uplo, n, alpha, x, incx, A, lda. */
    CUBLAS_SYR(439, Api.CUBLAS),
    /** spr for S and D, hpr (a real alpha) for C and Z. args: handle, type, uplo, n, alpha, x, incx, AP. */
    CUBLAS_SPR(440, Api.CUBLAS),
    /** syr2 for S and D, her2 for C and Z. args: handle, type, uplo, n, alpha, x, incx, y, incy, A, lda. */
    CUBLAS_SYR2(441, Api.CUBLAS),
    /** spr2 for S and D, hpr2 for C and Z. args: handle, type, uplo, n, alpha, x, incx, y, incy, AP. */
    CUBLAS_SPR2(442, Api.CUBLAS),
    /** args: handle, type, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc. */
    CUBLAS_GEMM_X(443, Api.CUBLAS),
    /** args: handle, type, hermitian (1: hemm), side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc. */
    CUBLAS_SYMM_X(444, Api.CUBLAS),
    /**
     * args: handle, type, hermitian (1: herk, alpha and beta real), uplo, trans, n, k, alpha, A, lda, beta, C, ldc.
     */
    CUBLAS_SYRK_X(445, Api.CUBLAS),
    /**
     * args: handle, type, hermitian (1: her2k for C and Z, beta real), uplo, trans, n, k, alpha, A, lda, B, ldb,
     * beta, C, ldc.
     */
    CUBLAS_SYR2K(446, Api.CUBLAS),
    /** args: handle, type, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, C, ldc. */
    CUBLAS_TRMM_X(447, Api.CUBLAS),
    /** args: handle, type, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb. */
    CUBLAS_TRSM_X(448, Api.CUBLAS),
    /** geam for C and Z. args: handle, type, transa, transb, m, n, alpha, A, lda, beta, B, ldb, C, ldc. */
    CUBLAS_GEAM_X(449, Api.CUBLAS),
    /** args: handle, type, side, m, n, A, lda, x, incx, C, ldc. */
    CUBLAS_DGMM(450, Api.CUBLAS),
    /**
     * syrkx, and herkx for C and Z (hermitian: beta real). args: handle, type, hermitian, uplo, trans, n, k, alpha, A,
     * lda, B, ldb, beta, C, ldc.
     */
    CUBLAS_SYRKX(451, Api.CUBLAS),
    /**
     * The complex symmetric rank updates: syr, and syr2 (two vectors; y and incy are 0 for syr), for C and Z. args:
     * handle, type, two vectors, uplo, n, alpha, x, incx, y, incy, A, lda.
     */
    CUBLAS_SYR_COMPLEX(452, Api.CUBLAS),
    /** args: handle, type, trans, m, n, alpha, Aarray, lda, xarray, incx, beta, yarray, incy, batchCount. */
    CUBLAS_GEMV_BATCHED(453, Api.CUBLAS),
    /**
     * args: handle, type, trans, m, n, alpha, A, lda, strideA, x, incx, stridex, beta, y, incy, stridey, batchCount.
     */
    CUBLAS_GEMV_STRIDED_BATCHED(454, Api.CUBLAS),
    /**
     * gemmBatched for C and Z, and gemm3mBatched (3m) for C. args: handle, type, 3m, transa, transb, m, n, k, alpha,
     * Aarray, lda, Barray, ldb, beta, Carray, ldc, batchCount.
     */
    CUBLAS_GEMM_BATCHED_X(455, Api.CUBLAS),
    /**
     * gemmStridedBatched for C and Z, and gemm3mStridedBatched (3m) for C. args: handle, type, 3m, transa, transb, m,
     * n, k, alpha, A, lda, strideA, B, ldb, strideB, beta, C, ldc, strideC, batchCount.
     */
    CUBLAS_GEMM_STRIDED_BATCHED_X(456, Api.CUBLAS),
    /** gemm3m for C and Z. args: handle, type, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc. */
    CUBLAS_GEMM3M(457, Api.CUBLAS),
    /** args: handle, type, side, uplo, trans, diag, m, n, alpha, Aarray, lda, Barray, ldb, batchCount. */
    CUBLAS_TRSM_BATCHED(458, Api.CUBLAS),
    /** args: handle → values[0] = cublasAtomicsMode_t. */
    CUBLAS_GET_ATOMICS_MODE(459, Api.CUBLAS),
    /** args: handle, cublasAtomicsMode_t. */
    CUBLAS_SET_ATOMICS_MODE(460, Api.CUBLAS),
    /** args: handle → values[0] = the SM count target (0: all). */
    CUBLAS_GET_SM_COUNT_TARGET(461, Api.CUBLAS),
    /** args: handle, SM count target. */
    CUBLAS_SET_SM_COUNT_TARGET(462, Api.CUBLAS),
    /** args: handle, workspace device address (0 with size 0: cuBLAS's own), size in bytes. */
    CUBLAS_SET_WORKSPACE(463, Api.CUBLAS),
    /** args: libraryPropertyType → values[0] = the executor's cuBLAS major version, minor version or patch level. */
    CUBLAS_GET_PROPERTY(464, Api.CUBLAS),
    /** → values[0] = the CUDA runtime version the executor's cuBLAS was built with. */
    CUBLAS_GET_CUDART_VERSION(465, Api.CUBLAS),
    /** tpttr, and trttp (to packed). args: handle, type, to packed, uplo, n, AP, A, lda. */
    CUBLAS_TPTTR(466, Api.CUBLAS),
    /** getrfBatched for C and Z. args: handle, type, n, Aarray, lda, PivotArray (0: no pivoting), infoArray, batch. */
    CUBLAS_GETRF_BATCHED_X(467, Api.CUBLAS),
    /** getriBatched for C and Z. args: handle, type, n, Aarray, lda, PivotArray, Carray, ldc, infoArray, batch. */
    CUBLAS_GETRI_BATCHED_X(468, Api.CUBLAS),
    /**
     * args: handle, type, trans, n, nrhs, Aarray, lda, devIpiv, Barray, ldb, batchSize → values[0] = info (cuBLAS's
     * host int: 0, or -i for an invalid i-th argument).
     */
    CUBLAS_GETRS_BATCHED(469, Api.CUBLAS),
    /** args: handle, type, n, A (pointer array), lda, Ainv (pointer array), lda_inv, info (device array), batch. */
    CUBLAS_MATINV_BATCHED(470, Api.CUBLAS),
    /** args: handle, type, m, n, Aarray, lda, TauArray, batchSize → values[0] = info (cuBLAS's host int). */
    CUBLAS_GEQRF_BATCHED(471, Api.CUBLAS),
    /**
     * args: handle, type, trans, m, n, nrhs, Aarray, lda, Carray, ldc, devInfoArray, batchSize → values[0] = info
     * (cuBLAS's host int).
     */
    CUBLAS_GELS_BATCHED(472, Api.CUBLAS),

    // cuRAND host API. Call.context is the calling thread's current driver context handle or, with none, its current
    // runtime device: a generator is made in the context CUDA would make it in. Generator handles are the
    // executor's; output pointers are device addresses of the session. Statuses are curandStatus_t
    // ({@link CurandStatus}).
    /** args: curandRngType → values[0] = generator handle. */
    CURAND_CREATE_GENERATOR(300, Api.CURAND),
    /** args: generator. */
    CURAND_DESTROY_GENERATOR(301, Api.CURAND),
    /** → values[0] = the cuRAND version of the executor's backend. */
    CURAND_GET_VERSION(302, Api.CURAND),
    /** args: generator, stream (0: the default stream of the generator's context). */
    CURAND_SET_STREAM(303, Api.CURAND),
    /** args: generator, seed. */
    CURAND_SET_PSEUDO_RANDOM_GENERATOR_SEED(304, Api.CURAND),
    /** args: generator, offset. */
    CURAND_SET_GENERATOR_OFFSET(305, Api.CURAND),
    /** args: generator, curandOrdering. */
    CURAND_SET_GENERATOR_ORDERING(306, Api.CURAND),
    /** args: generator, dimensions (a quasi-random generator's; cuRAND refuses a pseudo-random one). */
    CURAND_SET_QUASI_RANDOM_GENERATOR_DIMENSIONS(307, Api.CURAND),
    /** args: generator: its starting state, made now rather than at its first generate call. */
    CURAND_GENERATE_SEEDS(308, Api.CURAND),
    /**
     * args: which table ({@link SobolTable#code}), the direction vector set (for direction vectors) → payload = the
     * table as cuRAND has it in host memory, little-endian words of 32 or 64 bits.
     */
    CURAND_GET_SOBOL_TABLE(309, Api.CURAND),
    /** args: generator, output address, n: 32-bit words. */
    CURAND_GENERATE(310, Api.CURAND),
    /** args: generator, output address, n: 64-bit words. */
    CURAND_GENERATE_LONG_LONG(311, Api.CURAND),
    /** args: generator, output address, n: floats in (0, 1]. */
    CURAND_GENERATE_UNIFORM(312, Api.CURAND),
    /** args: generator, output address, n: doubles in (0, 1]. */
    CURAND_GENERATE_UNIFORM_DOUBLE(313, Api.CURAND),
    /** args: generator, output address, n, mean and stddev as {@code Float.floatToRawIntBits}. */
    CURAND_GENERATE_NORMAL(314, Api.CURAND),
    /** args: generator, output address, n, mean and stddev as {@code Double.doubleToRawLongBits}. */
    CURAND_GENERATE_NORMAL_DOUBLE(315, Api.CURAND),
    /** args: generator, output address, n, mean and stddev as {@code Float.floatToRawIntBits}. */
    CURAND_GENERATE_LOG_NORMAL(316, Api.CURAND),
    /** args: generator, output address, n, mean and stddev as {@code Double.doubleToRawLongBits}. */
    CURAND_GENERATE_LOG_NORMAL_DOUBLE(317, Api.CURAND),
    /** args: generator, output address, n, lambda as {@code Double.doubleToRawLongBits}: unsigned ints. */
    CURAND_GENERATE_POISSON(318, Api.CURAND),
    /**
     * args: lambda as {@code Double.doubleToRawLongBits} → values[0] = the distribution's device address, which is
     * what a kernel of cuRAND's device API takes as its {@code curandDiscreteDistribution_t} and what names it here.
     */
    CURAND_CREATE_POISSON_DISTRIBUTION(319, Api.CURAND),
    /** args: the distribution's device address. */
    CURAND_DESTROY_DISTRIBUTION(320, Api.CURAND),

    // NVRTC, compiled on the executor. Program handles are the executor's. Strings travel as UTF-8, each terminated
    // by a NUL; strings that come back carry none. Statuses are nvrtcResult ({@link NvrtcStatus}).
    /** → values = major, minor of the executor's NVRTC (or of the compiler standing in for it). */
    NVRTC_VERSION(340, Api.NVRTC),
    /**
     * args: header count h, 1 if the program has a name (else 0); payload = the source, the name if any, the h
     * headers' sources, then their h include names → values[0] = program handle.
     */
    NVRTC_CREATE_PROGRAM(341, Api.NVRTC),
    /** args: program. */
    NVRTC_DESTROY_PROGRAM(342, Api.NVRTC),
    /** args: program, option count n; payload = the n options. A failed compilation leaves its log. */
    NVRTC_COMPILE_PROGRAM(343, Api.NVRTC),
    /** args: program → values[0] = bytes of the PTX with its terminating NUL. */
    NVRTC_GET_PTX_SIZE(344, Api.NVRTC),
    /** args: program → payload = the PTX. */
    NVRTC_GET_PTX(345, Api.NVRTC),
    /** args: program → values[0] = bytes of the log with its terminating NUL. */
    NVRTC_GET_PROGRAM_LOG_SIZE(346, Api.NVRTC),
    /** args: program → payload = the log. */
    NVRTC_GET_PROGRAM_LOG(347, Api.NVRTC),
    /** args: program; payload = the name expression. */
    NVRTC_ADD_NAME_EXPRESSION(348, Api.NVRTC),
    /** args: program; payload = a name expression added before compiling → payload = its lowered (mangled) name. */
    NVRTC_GET_LOWERED_NAME(349, Api.NVRTC),
    /** → values[0] = how many architectures the executor's NVRTC compiles for. */
    NVRTC_GET_NUM_SUPPORTED_ARCHS(350, Api.NVRTC),
    /** → values = the architectures the executor's NVRTC compiles for (75 for sm_75, ...), in NVRTC's order. */
    NVRTC_GET_SUPPORTED_ARCHS(351, Api.NVRTC),
    /**
     * args: program, what ({@link NvrtcOutput#code}: CUBIN, LTOIR or OptiX IR) → values[0] = its size in bytes, as
     * NVRTC gives it (0 where the compilation produced none of it).
     */
    NVRTC_GET_OUTPUT_SIZE(352, Api.NVRTC),
    /** args: program, what ({@link NvrtcOutput#code}) → payload = those bytes, exactly as many as the size says. */
    NVRTC_GET_OUTPUT(353, Api.NVRTC),

    // cuFFT, ids 370-399. Call.context is the calling thread's current driver context handle or, with none, its
    // current runtime device, as for cuRAND: a plan is made in the context CUDA would make it in. Plan handles are the
    // executor's; data and work areas are device addresses of the session. A plan's shape travels as CufftGeometry's
    // 18 slots (type, batch, rank, n[3], the input layout, the output layout). Statuses are cufftResult
    // ({@link CufftStatus}).
    /** → values[0] = the cuFFT version of the executor's backend ({@code cufftGetVersion}). */
    CUFFT_GET_VERSION(370, Api.CUFFT),
    /** {@code cufftCreate} → values[0] = plan handle (a plan without a shape until CUFFT_MAKE_PLAN). */
    CUFFT_CREATE(371, Api.CUFFT),
    /** args: plan. */
    CUFFT_DESTROY(372, Api.CUFFT),
    /** {@code cufftMakePlanMany64}. args: plan, geometry (18 slots) → values[0] = work area size in bytes. */
    CUFFT_MAKE_PLAN(373, Api.CUFFT),
    /** {@code cufftGetSizeMany64}. args: plan, geometry (18 slots) → values[0] = the work area size it would need. */
    CUFFT_GET_SIZE_MANY(374, Api.CUFFT),
    /** {@code cufftEstimateMany}. args: geometry (18 slots) → values[0] = an estimate of the work area size. */
    CUFFT_ESTIMATE(375, Api.CUFFT),
    /** {@code cufftGetSize}. args: plan → values[0] = the plan's work area size. */
    CUFFT_GET_SIZE(376, Api.CUFFT),
    /** args: plan, stream (0: the default stream of the plan's context). */
    CUFFT_SET_STREAM(377, Api.CUFFT),
    /** args: plan, 1 to allocate the work area when the plan is made (cuFFT's default), 0 for the caller's. */
    CUFFT_SET_AUTO_ALLOCATION(378, Api.CUFFT),
    /** args: plan, device address of the work area (0: none). */
    CUFFT_SET_WORK_AREA(379, Api.CUFFT),
    /**
     * args: plan, the transform's cufftType (C2C, R2C, C2R, Z2Z, D2Z, Z2D: which cufftExec), input address, output
     * address (equal: in place), direction (CUFFT_FORWARD -1 or CUFFT_INVERSE 1; 0 for the real transforms).
     */
    CUFFT_EXEC(380, Api.CUFFT),

    // Managed memory, ids 660-699 (family "managed and mapped memory"). A managed allocation is device memory of the
    // session that the client also views from the host (see the agent's ManagedMemory); advice, prefetches and
    // attachments name a range inside one managed allocation of the session.
    /** cudaMallocManaged. args: size, flags (cudaMemAttachGlobal 1 or cudaMemAttachHost 2) → values[0] = address. */
    CUDA_MALLOC_MANAGED(660, Api.RUNTIME),
    /** cuMemAllocManaged. args: size, flags (CU_MEM_ATTACH_GLOBAL 1 or CU_MEM_ATTACH_HOST 2) → values[0] = address. */
    CU_MEM_ALLOC_MANAGED(661, Api.DRIVER),
    /** cudaMemAdvise. args: address, byte count, advice (cudaMemoryAdvise), device (-1: the host). */
    CUDA_MEM_ADVISE(662, Api.RUNTIME),
    /** cuMemAdvise. args: address, byte count, advice (CUmem_advise), device (-1: the host). */
    CU_MEM_ADVISE(663, Api.DRIVER),
    /** cudaMemPrefetchAsync. args: address, byte count, destination device (-1: the host), stream. Pipelined. */
    CUDA_MEM_PREFETCH_ASYNC(664, Api.RUNTIME),
    /** cuMemPrefetchAsync. args: address, byte count, destination device (-1: the host), stream. Pipelined. */
    CU_MEM_PREFETCH_ASYNC(665, Api.DRIVER),
    /** cudaStreamAttachMemAsync. args: stream, address, length (0: the whole allocation), flags. Pipelined. */
    CUDA_STREAM_ATTACH_MEM_ASYNC(666, Api.RUNTIME),
    /** cuStreamAttachMemAsync. args: stream, address, length (0: the whole allocation), flags. Pipelined. */
    CU_STREAM_ATTACH_MEM_ASYNC(667, Api.DRIVER),
    /**
     * cudaPointerGetAttributes: what the session's tables say of an address. args: address → values = kind (1 host
     * memory mapped into the device, 2 device memory, 3 managed memory), device ordinal, range start, range size;
     * cudaErrorInvalidValue when no memory of the session holds the address.
     */
    CUDA_POINTER_GET_ATTRIBUTES(668, Api.RUNTIME),
    /** cuPointerGetAttribute: as {@link #CUDA_POINTER_GET_ATTRIBUTES}, failing with CUDA_ERROR_INVALID_VALUE. */
    CU_POINTER_GET_ATTRIBUTE(669, Api.DRIVER),
    /**
     * cudaMemRangeGetAttribute. args: address, byte count, attribute (1 read mostly, 2 preferred location, 3 accessed
     * by, 4 last prefetch location), entries (how many ints the answer holds: 1, or up to 64 for accessed by) →
     * values = the entries. The range must lie in one managed allocation of the session.
     */
    CUDA_MEM_RANGE_GET_ATTRIBUTE(670, Api.RUNTIME),
    /** cuMemRangeGetAttribute: as {@link #CUDA_MEM_RANGE_GET_ATTRIBUTE}. */
    CU_MEM_RANGE_GET_ATTRIBUTE(671, Api.DRIVER),

    // Virtual memory management (ids 720-739): a reservation is an address range of the session, a physical
    // allocation (cuMemCreate) a handle of the session that counts against its memory quota; a range mapped from one
    // and given read/write access (cuMemSetAccess) is device memory of the session for every address check until it
    // is unmapped. Shareable handles are refused: they are operating-system handles of the executor's host.
    /**
     * cuMemGetAllocationGranularity. args: allocation type, location type, location id (the device), requested
     * handle types, option (0 minimum, 1 recommended) → values[0] = granularity in bytes.
     */
    CU_MEM_GET_ALLOCATION_GRANULARITY(720, Api.DRIVER),
    /** cuMemAddressReserve. args: size, alignment (0: the granularity), address hint, flags → values[0] = address. */
    CU_MEM_ADDRESS_RESERVE(721, Api.DRIVER),
    /** cuMemAddressFree. args: address, size: a whole reservation of the session, nothing of it mapped. */
    CU_MEM_ADDRESS_FREE(722, Api.DRIVER),
    /**
     * cuMemCreate. args: size, allocation type, location type, location id (the device), requested handle types,
     * compression type, GPUDirect RDMA capable, usage, flags → values[0] = the allocation's handle.
     */
    CU_MEM_CREATE(723, Api.DRIVER),
    /** cuMemRelease. args: handle. Memory still mapped stays until its last mapping is unmapped, as in CUDA. */
    CU_MEM_RELEASE(724, Api.DRIVER),
    /** cuMemMap. args: address, size, offset into the allocation, handle, flags. */
    CU_MEM_MAP(725, Api.DRIVER),
    /** cuMemUnmap. args: address, size: whole mappings inside one reservation. */
    CU_MEM_UNMAP(726, Api.DRIVER),
    /**
     * cuMemSetAccess. args: address, size, descriptor count n, then per descriptor: location type, location id,
     * flags (0 none, 1 read, 3 read/write).
     */
    CU_MEM_SET_ACCESS(727, Api.DRIVER),
    /** cuMemGetAccess. args: location type, location id, address → values[0] = the access flags. */
    CU_MEM_GET_ACCESS(728, Api.DRIVER),
    /**
     * cuMemGetAllocationPropertiesFromHandle. args: handle → values = allocation type, location type, location id,
     * requested handle types, compression type, GPUDirect RDMA capable, usage.
     */
    CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE(729, Api.DRIVER),
    /**
     * cuPointerSetAttribute. args: address, attribute, value. CU_POINTER_ATTRIBUTE_SYNC_MEMOPS on the session's
     * device memory only.
     */
    CU_POINTER_SET_ATTRIBUTE(730, Api.DRIVER),
    /**
     * cuMemRetainAllocationHandle. args: an address inside a mapping of the session → values[0] = the handle that
     * mapped it, with one more reference (a cuMemRelease each).
     */
    CU_MEM_RETAIN_ALLOCATION_HANDLE(731, Api.DRIVER),

    // nvPTXCompiler, ids 480-489: PTX compiled to a cubin on the executor. Compiler handles are the executor's; the PTX and the
    // options travel as NUL-terminated UTF-8 strings, what comes back carries no NUL. Statuses are nvPTXCompileResult
    // ({@link NvPtxCompilerStatus}).
    /** → values = major, minor of the executor's PTX compiler. */
    NVPTX_COMPILER_GET_VERSION(480, Api.NVPTXCOMPILER),
    /** payload = the PTX (its first NUL, if any, ends it) → values[0] = compiler handle. */
    NVPTX_COMPILER_CREATE(481, Api.NVPTXCOMPILER),
    /** args: compiler. */
    NVPTX_COMPILER_DESTROY(482, Api.NVPTXCOMPILER),
    /** args: compiler, option count n; payload = the n options. A failed compilation leaves its error log. */
    NVPTX_COMPILER_COMPILE(483, Api.NVPTXCOMPILER),
    /** args: compiler → values[0] = bytes of the compiled program. */
    NVPTX_COMPILER_GET_COMPILED_PROGRAM_SIZE(484, Api.NVPTXCOMPILER),
    /** args: compiler → payload = the compiled program (a cubin). */
    NVPTX_COMPILER_GET_COMPILED_PROGRAM(485, Api.NVPTXCOMPILER),
    /** args: compiler → values[0] = bytes of the error log, without a terminating NUL. */
    NVPTX_COMPILER_GET_ERROR_LOG_SIZE(486, Api.NVPTXCOMPILER),
    /** args: compiler → payload = the error log. */
    NVPTX_COMPILER_GET_ERROR_LOG(487, Api.NVPTXCOMPILER),
    /** args: compiler → values[0] = bytes of the information log, without a terminating NUL. */
    NVPTX_COMPILER_GET_INFO_LOG_SIZE(488, Api.NVPTXCOMPILER),
    /** args: compiler → payload = the information log. */
    NVPTX_COMPILER_GET_INFO_LOG(489, Api.NVPTXCOMPILER),

    // Stream callbacks and host functions: the application's Java callback runs in the client. The client names each
    // one by a callback id of its own (unique among the session's callbacks not yet run); when the stream reaches it
    // the executor sends CallbackDue with that id and holds the stream until the client answers CallbackDone on the
    // session's callback stream (Protocol#callbackStreamId). Pipelined: a failure to add it comes back from a later
    // call, and the callback then never runs.
    /** cudaStreamAddCallback. args: stream, callback id, flags (must be 0). The callback gets the stream's status. */
    CUDA_STREAM_ADD_CALLBACK(400, Api.RUNTIME),
    /** cudaLaunchHostFunc. args: stream, callback id. */
    CUDA_LAUNCH_HOST_FUNC(401, Api.RUNTIME),
    /** cuStreamAddCallback. args: stream, callback id, flags (must be 0). The callback gets the stream's status. */
    CU_STREAM_ADD_CALLBACK(402, Api.DRIVER),
    /** cuLaunchHostFunc. args: stream, callback id. */
    CU_LAUNCH_HOST_FUNC(403, Api.DRIVER),

    // Stream-ordered allocation, memory pools and other device, context, stream and launch functions (ids 610-659).
    // A pool is an executor object with a handle of the session, per device; what is allocated from a pool or
    // stream-ordered enters the session's allocations (device-pointer checks, the memory quota, gpurelay stat) and
    // leaves them when freed.
    /**
     * cuMemAllocAsync and cuMemAllocFromPoolAsync. args: size, stream, pool (0: the device's current pool) →
     * values[0] = device address. The allocation is usable from the stream's work after this call.
     */
    CU_MEM_ALLOC_ASYNC(610, Api.DRIVER),
    /** cuMemFreeAsync. args: device address, stream. */
    CU_MEM_FREE_ASYNC(611, Api.DRIVER),
    /**
     * cuMemPoolCreate. args: allocation type, handle types, location type, location id (the device) → values[0] =
     * pool handle.
     */
    CU_MEM_POOL_CREATE(612, Api.DRIVER),
    /** cuMemPoolDestroy. args: pool. Allocations still live stay usable until freed, as in CUDA. */
    CU_MEM_POOL_DESTROY(613, Api.DRIVER),
    /** cuMemPoolTrimTo. args: pool, bytes to keep. */
    CU_MEM_POOL_TRIM_TO(614, Api.DRIVER),
    /** cuStreamCreateWithPriority. args: flags, priority → values[0] = stream handle. */
    CU_STREAM_CREATE_WITH_PRIORITY(615, Api.DRIVER),
    /** cudaStreamCreateWithPriority. args: flags, priority → values[0] = stream handle. */
    CUDA_STREAM_CREATE_WITH_PRIORITY(616, Api.RUNTIME),
    /**
     * cuLaunchCooperativeKernel. args and payload as {@link #CU_LAUNCH_KERNEL} (kernel parameters only, no extra
     * buffer); answered, not pipelined, so that a grid too large to be co-resident fails at its call.
     */
    CU_LAUNCH_COOPERATIVE_KERNEL(617, Api.DRIVER),
    /** cuDevicePrimaryCtxSetFlags. args: device, flags: the flags of the session's primary context of the device. */
    CU_DEVICE_PRIMARY_CTX_SET_FLAGS(618, Api.DRIVER),
    /**
     * cuStreamGetAttribute. args: stream, attribute → values: for the access policy window (1) base address, byte
     * count, hit ratio ({@code Float.floatToRawIntBits}), hit property, miss property; for the synchronization
     * policy (3) the policy.
     */
    CU_STREAM_GET_ATTRIBUTE(619, Api.DRIVER),
    /** cuStreamSetAttribute. args: stream, attribute, then the values as {@link #CU_STREAM_GET_ATTRIBUTE} gives them. */
    CU_STREAM_SET_ATTRIBUTE(620, Api.DRIVER),
    /** cudaStreamGetAttribute: as {@link #CU_STREAM_GET_ATTRIBUTE}. */
    CUDA_STREAM_GET_ATTRIBUTE(621, Api.RUNTIME),
    /** cudaStreamSetAttribute: as {@link #CU_STREAM_SET_ATTRIBUTE}. */
    CUDA_STREAM_SET_ATTRIBUTE(622, Api.RUNTIME),
    /**
     * The JIT linker (cuLinkCreate, cuLinkAddData/File, cuLinkComplete): the client gathers the inputs and sends them
     * at cuLinkComplete, and the executor links them in the current context. args: input count n, then for each input
     * its {@code CUjitInputType} and byte length; payload = the inputs' bytes one after the other → payload = the
     * linked cubin. A failure carries the linker's error log.
     */
    CU_LINK_COMPLETE(623, Api.DRIVER),

    // CUDA graphs (ids 500-549). Graphs, their nodes and their instantiations (graph execs) are the executor's
    // objects, handles of the session like streams. A node is added with its dependencies as the first 8 * d bytes
    // of the payload (d node handles, little-endian), d being the argument after the graph; node lists come back as
    // a payload of 8-byte handles, in the order the nodes were added. A graph exec is a snapshot of its graph: later
    // changes to the graph do not reach it.
    /** cuGraphCreate. args: flags (must be 0) → values[0] = graph. */
    CU_GRAPH_CREATE(500, Api.DRIVER),
    /**
     * cuGraphDestroy. args: graph[, released] (see {@link #CU_GRAPH_ADD_HOST_NODE}). Its nodes' handles go with it.
     */
    CU_GRAPH_DESTROY(501, Api.DRIVER),
    /**
     * cuGraphAddKernelNode. args: graph, d, function, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ,
     * sharedMemBytes, parameter count n, then the n parameter sizes; payload = the dependencies, then the
     * parameters' bytes as for {@link #CU_LAUNCH_KERNEL} (n = -1: a ready parameter buffer) → values[0] = node.
     */
    CU_GRAPH_ADD_KERNEL_NODE(502, Api.DRIVER),
    /**
     * cuGraphAddMemsetNode. args: graph, d, destination, pitch, value, element size (1, 2 or 4), width (elements),
     * height (rows) → values[0] = node.
     */
    CU_GRAPH_ADD_MEMSET_NODE(503, Api.DRIVER),
    /**
     * cuGraphAddMemcpyNode between device memory. args: graph, d, destination (its first byte), destination pitch,
     * destination height, source (its first byte), source pitch, source height, width in bytes, height, depth →
     * values[0] = node.
     */
    CU_GRAPH_ADD_MEMCPY_NODE(504, Api.DRIVER),
    /** cuGraphAddEmptyNode. args: graph, d → values[0] = node. */
    CU_GRAPH_ADD_EMPTY_NODE(505, Api.DRIVER),
    /** cuGraphAddEventRecordNode. args: graph, d, event → values[0] = node. */
    CU_GRAPH_ADD_EVENT_RECORD_NODE(506, Api.DRIVER),
    /** cuGraphAddEventWaitNode. args: graph, d, event → values[0] = node. */
    CU_GRAPH_ADD_EVENT_WAIT_NODE(507, Api.DRIVER),
    /** cuGraphAddChildGraphNode. args: graph, d, child graph (cloned into the node) → values[0] = node. */
    CU_GRAPH_ADD_CHILD_GRAPH_NODE(508, Api.DRIVER),
    /** cuGraphChildGraphNodeGetGraph. args: node → values[0] = the node's own graph (not to be destroyed). */
    CU_GRAPH_CHILD_GRAPH_NODE_GET_GRAPH(509, Api.DRIVER),
    /** cuGraphNodeGetType. args: node → values[0] = CUgraphNodeType. */
    CU_GRAPH_NODE_GET_TYPE(510, Api.DRIVER),
    /** cuGraphGetNodes. args: graph → payload = the nodes. */
    CU_GRAPH_GET_NODES(511, Api.DRIVER),
    /** cuGraphGetRootNodes. args: graph → payload = the nodes without dependencies. */
    CU_GRAPH_GET_ROOT_NODES(512, Api.DRIVER),
    /** cuGraphGetEdges. args: graph → payload = pairs of (from, to) node handles. */
    CU_GRAPH_GET_EDGES(513, Api.DRIVER),
    /** cuGraphNodeGetDependencies. args: node → payload = the nodes it depends on. */
    CU_GRAPH_NODE_GET_DEPENDENCIES(514, Api.DRIVER),
    /** cuGraphNodeGetDependentNodes. args: node → payload = the nodes that depend on it. */
    CU_GRAPH_NODE_GET_DEPENDENT_NODES(515, Api.DRIVER),
    /** cuGraphAddDependencies. args: graph, count n; payload = n "from" handles, then n "to" handles. */
    CU_GRAPH_ADD_DEPENDENCIES(516, Api.DRIVER),
    /** cuGraphRemoveDependencies. args and payload as {@link #CU_GRAPH_ADD_DEPENDENCIES}. */
    CU_GRAPH_REMOVE_DEPENDENCIES(517, Api.DRIVER),
    /** cuGraphDestroyNode. args: node[, released]. */
    CU_GRAPH_DESTROY_NODE(518, Api.DRIVER),
    /** cuGraphClone. args: graph → values[0] = the clone. */
    CU_GRAPH_CLONE(519, Api.DRIVER),
    /** cuGraphNodeFindInClone. args: original node, cloned graph → values[0] = the node's counterpart. */
    CU_GRAPH_NODE_FIND_IN_CLONE(520, Api.DRIVER),
    /**
     * cuGraphInstantiate. args: graph, flags (must be 0) → values[0] = graph exec; payload = the keys of its host
     * nodes, 8 bytes each.
     */
    CU_GRAPH_INSTANTIATE(521, Api.DRIVER),
    /** cuGraphLaunch. args: graph exec, stream; payload = a callback id per host node of the exec. */
    CU_GRAPH_LAUNCH(522, Api.DRIVER),
    /** cuGraphUpload. args: graph exec, stream. */
    CU_GRAPH_UPLOAD(523, Api.DRIVER),
    /** cuGraphExecDestroy. args: graph exec[, released]. */
    CU_GRAPH_EXEC_DESTROY(524, Api.DRIVER),
    /** cuGraphMemsetNodeGetParams. args: node → values = destination, pitch, value, element size, width, height. */
    CU_GRAPH_MEMSET_NODE_GET_PARAMS(525, Api.DRIVER),
    /** cuGraphMemsetNodeSetParams. args: node, then the parameters as {@link #CU_GRAPH_ADD_MEMSET_NODE}'s. */
    CU_GRAPH_MEMSET_NODE_SET_PARAMS(526, Api.DRIVER),
    /**
     * cuGraphMemcpyNodeGetParams. args: node → values = destination, destination pitch, destination height, source,
     * source pitch, source height, width in bytes, height, depth.
     */
    CU_GRAPH_MEMCPY_NODE_GET_PARAMS(527, Api.DRIVER),
    /** cuGraphMemcpyNodeSetParams. args: node, then the parameters as {@link #CU_GRAPH_ADD_MEMCPY_NODE}'s. */
    CU_GRAPH_MEMCPY_NODE_SET_PARAMS(528, Api.DRIVER),
    /** cuGraphEventRecordNodeGetEvent and cuGraphEventWaitNodeGetEvent. args: node → values[0] = event. */
    CU_GRAPH_EVENT_NODE_GET_EVENT(529, Api.DRIVER),
    /** cuGraphEventRecordNodeSetEvent and cuGraphEventWaitNodeSetEvent. args: node, event. */
    CU_GRAPH_EVENT_NODE_SET_EVENT(530, Api.DRIVER),
    /** cuGraphExecEventRecordNodeSetEvent and cuGraphExecEventWaitNodeSetEvent. args: graph exec, node, event. */
    CU_GRAPH_EXEC_EVENT_NODE_SET_EVENT(531, Api.DRIVER),
    /** cuGraphExecMemsetNodeSetParams. args: graph exec, node, then the parameters as for a memset node. */
    CU_GRAPH_EXEC_MEMSET_NODE_SET_PARAMS(532, Api.DRIVER),
    /** cuGraphExecMemcpyNodeSetParams. args: graph exec, node, then the parameters as for a memcpy node. */
    CU_GRAPH_EXEC_MEMCPY_NODE_SET_PARAMS(533, Api.DRIVER),
    /**
     * cuGraphKernelNodeSetParams. args: node, then the arguments of {@link #CU_GRAPH_ADD_KERNEL_NODE} from the
     * function on; payload = the parameters' bytes.
     */
    CU_GRAPH_KERNEL_NODE_SET_PARAMS(534, Api.DRIVER),
    /** cuGraphExecKernelNodeSetParams. args: graph exec, node, then as {@link #CU_GRAPH_KERNEL_NODE_SET_PARAMS}. */
    CU_GRAPH_EXEC_KERNEL_NODE_SET_PARAMS(535, Api.DRIVER),
    /**
     * cuGraphExecChildGraphNodeSetParams. args: graph exec, node, child graph (of the same shape)[, released] →
     * payload = the exec's host node keys, as {@link #CU_GRAPH_INSTANTIATE}'s (then the released keys).
     */
    CU_GRAPH_EXEC_CHILD_GRAPH_NODE_SET_PARAMS(536, Api.DRIVER),
    // Host nodes: the function is the application's and runs in the client, which names it by a key of its own.
    // cuGraphInstantiate's reply carries, as its payload, the keys of the exec's host nodes in the order they run
    // (child graphs' included); a cuGraphLaunch of an exec with host nodes carries one callback id per host node as
    // its payload, in that order, and each runs as a cuLaunchHostFunc of that id would.
    // A key is held by every node and graph exec node that has it (clones, child graph nodes' copies and execs share
    // their original's). The calls that can end a hold (cuGraphDestroy, cuGraphDestroyNode, cuGraphHostNodeSetParams,
    // cuGraphExecDestroy, cuGraphExecHostNodeSetParams, cuGraphExecChildGraphNodeSetParams) take an optional last
    // argument, "released": when it is given and not 0, a successful reply's values[0] is the number r of keys no
    // node holds any more, and the last 8 * r bytes of its payload are those keys, which the client may forget (a
    // released key is never held again). Without it the reply is as before, and an executor that does not know the
    // argument ignores it, so either side may be older.
    /** cuGraphAddHostNode. args: graph, d, key → values[0] = node. */
    CU_GRAPH_ADD_HOST_NODE(537, Api.DRIVER),
    /** cuGraphHostNodeGetParams. args: node → values[0] = key. */
    CU_GRAPH_HOST_NODE_GET_PARAMS(538, Api.DRIVER),
    /** cuGraphHostNodeSetParams. args: node, key[, released]. */
    CU_GRAPH_HOST_NODE_SET_PARAMS(539, Api.DRIVER),
    /**
     * cuGraphExecHostNodeSetParams. args: graph exec, node, key[, released] → payload = the exec's host node keys
     * (then the released keys).
     */
    CU_GRAPH_EXEC_HOST_NODE_SET_PARAMS(540, Api.DRIVER),
    /**
     * cuGraphKernelNodeGetParams. args: node → values = function, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY,
     * blockDimZ, sharedMemBytes, parameter count n (-1: a ready buffer), the n sizes; payload = the parameters' bytes
     * as the node was given them.
     */
    CU_GRAPH_KERNEL_NODE_GET_PARAMS(541, Api.DRIVER),

    // Pitched memory, CUDA arrays and 2D/3D copies (ids 550-599). An array is the executor's object, named by a
    // handle of the session. A copy is one geometry for every form (cuMemcpy2D/3D, cuMemcpyHtoA and friends,
    // cudaMemcpy2D/3D, cudaMemcpyToArray and friends): each side is {memory type (1 host, 2 device, 3 array),
    // device address or array handle, x in bytes, y, z, pitch in bytes, rows per slice}, then WidthInBytes,
    // Height, Depth and the stream. A host side is packed (pitch = WidthInBytes, rows = Height): a host source's
    // rows are the call's payload, a host destination's come back as the reply's payload; the client moves them
    // between the packed form and its own pitched host memory.
    /** args: width in bytes, height, element size (4, 8 or 16) → values = device address, pitch in bytes. */
    CU_MEM_ALLOC_PITCH(550, Api.DRIVER),
    /** args: width in bytes, height → values = device address, pitch in bytes. */
    CUDA_MALLOC_PITCH(551, Api.RUNTIME),
    /**
     * cuArrayCreate, cuArray3DCreate. args: width, height, depth, CUarray_format, channels, flags → values[0] =
     * handle.
     */
    CU_ARRAY_CREATE(552, Api.DRIVER),
    /** cudaMallocArray, cudaMalloc3DArray, with the channel format as the driver's format and channel count. */
    CUDA_MALLOC_ARRAY(553, Api.RUNTIME),
    /** args: array handle. */
    CU_ARRAY_DESTROY(554, Api.DRIVER),
    /** args: array handle. */
    CUDA_FREE_ARRAY(555, Api.RUNTIME),
    /** args: array handle → values = width, height, depth, CUarray_format, channels, flags. */
    CU_ARRAY_GET_DESCRIPTOR(556, Api.DRIVER),
    /** args: array handle → values = width, height, depth, CUarray_format, channels, flags. */
    CUDA_ARRAY_GET_INFO(557, Api.RUNTIME),
    /** args: source side (7), destination side (7), WidthInBytes, Height, Depth, stream. */
    CU_MEMCPY_3D(558, Api.DRIVER),
    /** args: as {@link #CU_MEMCPY_3D}. */
    CUDA_MEMCPY_3D(559, Api.RUNTIME),
    /** cudaMemset3D(Async). args: address, pitch, rows per slice, value, width in bytes, height, depth, stream. */
    CUDA_MEMSET_3D(560, Api.RUNTIME),
    /**
     * cuMipmappedArrayCreate. args: width, height, depth, CUarray_format, channels, flags, levels → values[0] =
     * handle.
     */
    CU_MIPMAPPED_ARRAY_CREATE(561, Api.DRIVER),
    /** cudaMallocMipmappedArray, with the channel format as the driver's format and channel count. */
    CUDA_MALLOC_MIPMAPPED_ARRAY(562, Api.RUNTIME),
    /**
     * args: mipmapped array handle, level → values[0] = the level's array handle (the same one each time; it is
     * freed with the mipmapped array, never by itself).
     */
    CU_MIPMAPPED_ARRAY_GET_LEVEL(563, Api.DRIVER),
    /** args: as {@link #CU_MIPMAPPED_ARRAY_GET_LEVEL}. */
    CUDA_GET_MIPMAPPED_ARRAY_LEVEL(564, Api.RUNTIME),
    /** args: mipmapped array handle. */
    CU_MIPMAPPED_ARRAY_DESTROY(565, Api.DRIVER),
    /** args: mipmapped array handle. */
    CUDA_FREE_MIPMAPPED_ARRAY(566, Api.RUNTIME),

    // Kernel node attributes (issue #13, family "capture"), 740-742: the attributes JCuda's CUkernelNodeAttrValue
    // carries, the access policy window (CU_KERNEL_NODE_ATTRIBUTE_ACCESS_POLICY_WINDOW, 1) and cooperative (2).
    /**
     * cuGraphKernelNodeGetAttribute. args: kernel node, attribute → values: the window's base address, bytes, hit
     * ratio (the float's bits), hit and miss properties; or the cooperative value.
     */
    CU_GRAPH_KERNEL_NODE_GET_ATTRIBUTE(740, Api.DRIVER),
    /** cuGraphKernelNodeSetAttribute. args: kernel node, attribute, then the values as GET gives them. */
    CU_GRAPH_KERNEL_NODE_SET_ATTRIBUTE(741, Api.DRIVER),
    /** cuGraphKernelNodeCopyAttributes. args: destination kernel node, source kernel node. */
    CU_GRAPH_KERNEL_NODE_COPY_ATTRIBUTES(742, Api.DRIVER),

    // Texture and surface objects, and the array queries (ids 700-719). An object is CUDA's own 64-bit value (on the
    // emulator a value unique to the session), valid in the context it was made in; the executor answers only for
    // the objects the session made there. The descriptors travel as values in the orders of TextureDescriptors: a
    // resource (8 values; an array or mipmapped array is the session's handle, linear and pitch2D memory an address
    // the executor checks against the session's allocations), a texture description (14) and a view (8).
    /** cuTexObjectCreate. args: resource (8), texture (14), view given (0 or 1), view (8) → values[0] = object. */
    CU_TEX_OBJECT_CREATE(700, Api.DRIVER),
    /** cuSurfObjectCreate. args: resource (8) → values[0] = object. */
    CU_SURF_OBJECT_CREATE(701, Api.DRIVER),
    /**
     * cuTexObjectDestroy, cuSurfObjectDestroy. args: object, surface (0 texture, 1 surface). As CUDA, a value that is
     * no live object of that kind in the context is success and destroys nothing.
     */
    CU_TEX_SURF_OBJECT_DESTROY(702, Api.DRIVER),
    /** cuTexObjectGetResourceDesc, cuSurfObjectGetResourceDesc. args: object, surface → values = resource (8). */
    CU_TEX_SURF_OBJECT_GET_RESOURCE_DESC(703, Api.DRIVER),
    /** cuTexObjectGetTextureDesc. args: object → values = texture (14). */
    CU_TEX_OBJECT_GET_TEXTURE_DESC(704, Api.DRIVER),
    /** cuTexObjectGetResourceViewDesc. args: object → values = view (8), whether CUDA wrote it (0 or 1). */
    CU_TEX_OBJECT_GET_RESOURCE_VIEW_DESC(705, Api.DRIVER),
    /** cudaCreateSurfaceObject, with the channel format as the driver's format and channel count. */
    CUDA_CREATE_SURFACE_OBJECT(706, Api.RUNTIME),
    /** cudaDestroyTextureObject, cudaDestroySurfaceObject. args: as {@link #CU_TEX_SURF_OBJECT_DESTROY}. */
    CUDA_TEX_SURF_OBJECT_DESTROY(707, Api.RUNTIME),
    /** cudaGetTextureObjectResourceDesc, cudaGetSurfaceObjectResourceDesc: as the driver's. */
    CUDA_TEX_SURF_OBJECT_GET_RESOURCE_DESC(708, Api.RUNTIME),
    /** cudaGetTextureObjectResourceViewDesc: as the driver's. */
    CUDA_GET_TEXTURE_OBJECT_RESOURCE_VIEW_DESC(709, Api.RUNTIME),
    /**
     * cuArrayGetSparseProperties, cuMipmappedArrayGetSparseProperties. args: handle, mipmapped (0 or 1) → values =
     * tile width, height, depth, miptailFirstLevel, miptailSize, flags.
     */
    CU_ARRAY_GET_SPARSE_PROPERTIES(710, Api.DRIVER),
    /**
     * cuArrayGetMemoryRequirements, cuMipmappedArrayGetMemoryRequirements. args: handle, mipmapped (0 or 1), device →
     * values = size, alignment.
     */
    CU_ARRAY_GET_MEMORY_REQUIREMENTS(711, Api.DRIVER),
    /** cuArrayGetPlane. args: array handle, plane index → values[0] = the plane's array handle. */
    CU_ARRAY_GET_PLANE(712, Api.DRIVER),
    /** cudaArrayGetSparseProperties, cudaMipmappedArrayGetSparseProperties: as the driver's. */
    CUDA_ARRAY_GET_SPARSE_PROPERTIES(713, Api.RUNTIME),
    /** cudaArrayGetMemoryRequirements, cudaMipmappedArrayGetMemoryRequirements: as the driver's. */
    CUDA_ARRAY_GET_MEMORY_REQUIREMENTS(714, Api.RUNTIME),
    /** cudaArrayGetPlane: as the driver's. */
    CUDA_ARRAY_GET_PLANE(715, Api.RUNTIME);

    private static final Function[] BY_ID;

    static
    {
        int max = 0;
        for (final Function function : values())
        {
            max = Math.max(max, function.id);
        }
        BY_ID = new Function[max + 1];
        for (final Function function : values())
        {
            if (BY_ID[function.id] != null)
            {
                throw new IllegalStateException("duplicate function id " + function.id);
            }
            BY_ID[function.id] = function;
        }
    }

    private final int id;
    private final Api api;

    Function(final int id, final Api api)
    {
        this.id = id;
        this.api = api;
    }

    public int id()
    {
        return id;
    }

    public Api api()
    {
        return api;
    }

    /**
     * @return the function with this id, or null for an id this side does not know.
     */
    public static Function byId(final int id)
    {
        return id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
    }
}
