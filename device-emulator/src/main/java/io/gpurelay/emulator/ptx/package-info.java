/**
 * The PTX parser and interpreter of the device emulator: loads PTX as nvcc emits it and runs its kernels on the CPU
 * against {@link io.gpurelay.emulator.memory.DeviceMemory}.
 * <p>
 * Public API: {@link io.gpurelay.emulator.ptx.PtxModule#parse} turns PTX text into a module of
 * {@link io.gpurelay.emulator.ptx.PtxKernel}s and {@link io.gpurelay.emulator.ptx.ModuleVariable}s;
 * {@link io.gpurelay.emulator.ptx.PtxModule#instantiate} allocates the variables in a context's device memory and
 * returns a {@link io.gpurelay.emulator.ptx.ModuleInstance}, whose {@code launch} runs a kernel to completion.
 * Load errors are {@link io.gpurelay.emulator.ptx.PtxException}s, refused launches
 * {@link io.gpurelay.emulator.ptx.InvalidLaunchException}s and device faults
 * {@link io.gpurelay.emulator.ptx.KernelFaultException}s.
 * <p>
 * How it works, and the decisions behind it:
 * <ul>
 *   <li>Loading is strict. {@code PtxLexer} and {@code PtxParser} read the text; {@code InstructionDecoder} (with
 *   {@code MemoryInstructionDecoder} and {@code ControlInstructionDecoder}) checks every instruction and modifier and
 *   decodes it into an {@code Instruction} with no strings left. Anything outside the supported set fails the load
 *   with its line, so a kernel never stops half-way on an instruction the emulator lacks.</li>
 *   <li>Warps run SIMT: all lanes of a warp execute an instruction together over a register file laid out
 *   {@code long[slot * 32 + lane]}. Immediates, special registers and symbol addresses are pre-loaded into read-only
 *   slots, so every operand is a register and the interpreter loop has no operand decoding. Predicates are lane
 *   masks. Divergent lanes wait at their own pc and the lowest pc runs first, which reconverges structured code at
 *   the join point; this gives shuffles, votes and {@code activemask} the lanes a GPU would.</li>
 *   <li>A block runs on one thread, its warps taking turns until each waits at a barrier or finishes; a barrier opens
 *   when every warp is stuck (or, with a thread count, when that many threads arrived). Blocks are independent and
 *   are spread over a small pool of threads, one per processor.</li>
 *   <li>Memory accesses are checked: global, const and generic accesses against the launching owner's live
 *   allocations ({@code DeviceMemory.find}, with a per-instruction cache of the last allocation), shared and local
 *   ones against their window, all of them for alignment. Constants live in device memory like globals, so the
 *   driver can hand out their addresses. Shared and local memory appear in the generic address space at the windows
 *   of {@link io.gpurelay.emulator.ptx.GenericAddressSpace}.</li>
 *   <li>The PTX system calls {@code vprintf}, {@code malloc} and {@code free} (what device {@code printf},
 *   {@code malloc} and {@code free} compile to) run against a {@link io.gpurelay.emulator.ptx.DeviceSystemCalls} of
 *   the context: printf text goes to its {@link io.gpurelay.emulator.ptx.PrintfBuffer}, bounded like CUDA's FIFO,
 *   which the host drains at its synchronisation points; malloc and free use its
 *   {@link io.gpurelay.emulator.ptx.DeviceHeap}, a bounded region of the context's device memory.</li>
 *   <li>Arithmetic is bit-exact where PTX is exact: floats are computed in their own precision, fma with
 *   {@code Math.fma}, directed rounding from exact intermediate values, half precision through round-to-odd.
 *   Approximate instructions are computed more precisely than the hardware, within the PTX ISA's error bounds.</li>
 * </ul>
 * Not supported (refused at load): textures and surfaces, {@code .f16} transcendental approximations, tensor-core and
 * asynchronous-copy instructions ({@code mma}, {@code wgmma}, {@code ldmatrix}, {@code cp.async}, {@code mbarrier}),
 * clusters and distributed shared memory, {@code match.sync}, {@code brx.idx}, indirect calls, calls to functions the
 * module does not define other than the system calls, {@code sad} and the video instructions.
 */
package io.gpurelay.emulator.ptx;
