package io.gpurelay.emulator.ptx;

import static io.gpurelay.emulator.memory.UnsafeAccess.BYTE_ARRAY_OFFSET;
import static io.gpurelay.emulator.memory.UnsafeAccess.UNSAFE;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

import io.gpurelay.emulator.memory.Allocation;

/**
 * The 32 lanes of one warp, run together instruction by instruction (SIMT), which is what makes shuffles, votes and
 * {@code activemask} behave as on a GPU.
 * <p>
 * Divergence is handled with per-lane program counters and "lowest pc first" scheduling: when lanes of a warp go
 * different ways, each waits at its own pc and the warp always runs the lanes whose pc is lowest. Lanes reconverge as
 * soon as the running lanes reach the pc where others wait, which for the structured code compilers emit is the
 * immediate post-dominator of the branch (the join point comes after both sides in the code). While converged, the
 * only cost is one comparison per instruction ({@code pc >= waitingPc}).
 * <p>
 * Each {@code call} pushes a {@link Frame} with the callee's register file for the lanes that call; the other lanes
 * wait in the caller's frame until the callee returns. Frame variables (local arrays, call arguments) live in the
 * warp's local memory, one window per lane, the frames stacked from the start of each window.
 */
final class Warp
{
    static final int LANES = 32;
    static final int MAX_CALL_DEPTH = 64;

    private static final long LOW32 = 0xFFFF_FFFFL;
    private static final SpecialRegister[] SPECIAL_REGISTERS = SpecialRegister.values();

    /** The state of a function invocation for the lanes that made it. */
    static final class Frame
    {
        FunctionCode function;
        long[] registers = new long[0];
        int[] predicates = new int[0];
        long[] constants;
        final int[] lanePc = new int[LANES];
        final int[] barrierId = new int[LANES];
        final Instruction[] barrierInstruction = new Instruction[LANES];
        /** Lanes that entered this frame and have not exited the kernel. */
        int members;
        /** Lanes that have executed {@code ret} in this frame. */
        int returned;
        /** Lanes waiting at a barrier. */
        int blocked;
        /** Frame base in each lane's local memory window. */
        int base;
        CallSite call;
        int savedActive;
        int savedWaitingPc;

        void prepare(final FunctionCode function, final long[] constants)
        {
            this.function = function;
            this.constants = constants;
            final int registerCount = function.slotCount * LANES;
            if (registers.length < registerCount)
            {
                registers = new long[registerCount];
            }
            if (predicates.length < function.predicateCount)
            {
                predicates = new int[function.predicateCount];
            }
            returned = 0;
            blocked = 0;
            call = null;
        }
    }

    final BlockExecutor block;
    final int index;
    final int laneCount;
    final int laneMask;
    private final int[] threadX = new int[LANES];
    private final int[] threadY = new int[LANES];
    private final int[] threadZ = new int[LANES];

    private final Frame[] frames = new Frame[MAX_CALL_DEPTH];
    private int depth;
    private Frame frame;
    long[] registers;
    int[] predicates;
    private Instruction[] code;
    private int pc;
    private int active;
    private int waitingPc;
    private int exited;
    /** The carry flag (CC.CF) of each lane. */
    private int carry;
    private long executedInstructions;

    private final Allocation[] allocationCache;
    private final byte[] localMemory;
    private final int localWindow;
    private final long[] scratch = new long[LANES];
    /** The base object of the access {@link #resolve} prepared last: a byte array, or null for device memory. */
    Object accessBase;

    Warp(final BlockExecutor block, final int index)
    {
        this.block = block;
        this.index = index;
        final LaunchContext launch = block.launch;
        final int threads = launch.threadsPerBlock();
        final int first = index * LANES;
        laneCount = Math.min(LANES, threads - first);
        laneMask = laneCount == LANES ? -1 : (1 << laneCount) - 1;
        for (int lane = 0; lane < laneCount; lane++)
        {
            final int linear = first + lane;
            threadX[lane] = linear % launch.blockX;
            threadY[lane] = linear / launch.blockX % launch.blockY;
            threadZ[lane] = linear / (launch.blockX * launch.blockY);
        }
        frames[0] = new Frame();
        allocationCache = new Allocation[launch.linked.cacheSlots];
        localWindow = launch.linked.kernel.localBytesPerThread();
        localMemory = new byte[localWindow * laneCount];
    }

    long executedInstructions()
    {
        return executedInstructions;
    }

    boolean finished()
    {
        return depth == 0 && (frame.members & ~frame.returned) == 0;
    }

    /**
     * Set the warp up to run the kernel from its first instruction for the block {@link BlockExecutor} is running.
     */
    void start()
    {
        depth = 0;
        exited = 0;
        carry = 0;
        frame = frames[0];
        final LinkedKernel linked = block.launch.linked;
        final FunctionCode entry = linked.kernel.entry;
        frame.prepare(entry, linked.constants(entry));
        frame.members = laneMask;
        frame.base = 0;
        initializeFrame(frame);
        enter(frame, laneMask);
    }

    private void enter(final Frame target, final int lanes)
    {
        frame = target;
        registers = target.registers;
        predicates = target.predicates;
        code = target.function.code;
        pc = 0;
        active = lanes;
        waitingPc = Integer.MAX_VALUE;
    }

    private void initializeFrame(final Frame target)
    {
        final FunctionCode function = target.function;
        final long[] r = target.registers;
        final long[] constants = target.constants;
        for (int i = 0; i < constants.length; i++)
        {
            final int offset = function.constants.get(i).slot() << 5;
            Arrays.fill(r, offset, offset + LANES, constants[i]);
        }
        for (final FunctionCode.SpecialSlot special : function.specials)
        {
            final int offset = special.slot() << 5;
            for (int lane = 0; lane < LANES; lane++)
            {
                r[offset + lane] = specialValue(special.register(), lane);
            }
        }
        if (function.frameBaseSlot != Instruction.NONE)
        {
            final int offset = function.frameBaseSlot << 5;
            Arrays.fill(r, offset, offset + LANES, target.base);
        }
        for (final FunctionCode.PredicateConstant constant : function.predicateConstants)
        {
            target.predicates[constant.index()] = constant.value() ? -1 : 0;
        }
    }

    private long specialValue(final SpecialRegister register, final int lane)
    {
        final LaunchContext launch = block.launch;
        return switch (register)
        {
            case TID_X -> threadX[lane];
            case TID_Y -> threadY[lane];
            case TID_Z -> threadZ[lane];
            case NTID_X -> launch.blockX;
            case NTID_Y -> launch.blockY;
            case NTID_Z -> launch.blockZ;
            case CTAID_X -> block.blockX;
            case CTAID_Y -> block.blockY;
            case CTAID_Z -> block.blockZ;
            case NCTAID_X -> launch.gridX;
            case NCTAID_Y -> launch.gridY;
            case NCTAID_Z -> launch.gridZ;
            case LANEID -> lane;
            case WARPID -> index;
            case NWARPID -> LaunchContext.MAX_THREADS_PER_BLOCK / LANES;
            case SMID -> block.worker;
            case NSMID -> launch.workers;
            case GRIDID -> launch.gridId;
            case LANEMASK_EQ -> (1L << lane) & LOW32;
            case LANEMASK_LT -> (1L << lane) - 1;
            case LANEMASK_LE -> (2L << lane) - 1;
            case LANEMASK_GT -> ~((2L << lane) - 1) & LOW32;
            case LANEMASK_GE -> ~((1L << lane) - 1) & LOW32;
            case DYNAMIC_SMEM_SIZE -> launch.dynamicSharedBytes;
            case TOTAL_SMEM_SIZE -> launch.sharedBytes();
            case RESERVED_SMEM_OFFSET_BEGIN, RESERVED_SMEM_OFFSET_0 -> launch.reservedSharedOffset();
            case RESERVED_SMEM_OFFSET_1 -> launch.reservedSharedOffset() + PtxKernel.RESERVED_SHARED_BYTES / 2;
            case RESERVED_SMEM_OFFSET_END -> launch.reservedSharedOffset() + PtxKernel.RESERVED_SHARED_BYTES;
            case RESERVED_SMEM_OFFSET_CAP -> PtxKernel.RESERVED_SHARED_BYTES;
            default -> throw new IllegalStateException("timer " + register + " is read by READ_TIMER");
        };
    }

    /**
     * Run until no lane can go on (all finished, or waiting at a barrier) or the budget of warp instructions is spent.
     *
     * @return the number of warp instructions executed.
     */
    int run(final int budget)
    {
        int executed = 0;
        while (executed < budget)
        {
            if ((active == 0 || pc >= waitingPc) && !reschedule())
            {
                break;
            }
            final Instruction in = code[pc];
            int mask = active;
            if (in.guard >= 0)
            {
                mask &= in.guardNegated ? ~predicates[in.guard] : predicates[in.guard];
            }
            executed++;
            executedInstructions += Integer.bitCount(mask);
            switch (in.opcode)
            {
                case BRA -> branch(in, mask);
                case CALL -> call(in, mask);
                case RET -> leave(mask, false);
                case EXIT -> leave(mask, true);
                case BAR_SYNC, BAR_RED -> barrier(in, mask);
                case BAR_ARRIVE ->
                {
                    if (mask != 0)
                    {
                        block.arrive(this, in, mask, 0);
                    }
                    pc++;
                }
                case TRAP ->
                {
                    if (mask != 0)
                    {
                        throw fault(KernelFaultException.Kind.ILLEGAL_INSTRUCTION, "trap", in,
                            Integer.numberOfTrailingZeros(mask));
                    }
                    pc++;
                }
                default ->
                {
                    if (mask != 0)
                    {
                        execute(in, mask);
                    }
                    pc++;
                }
            }
        }
        return executed;
    }

    private void execute(final Instruction in, final int mask)
    {
        final long[] r = registers;
        switch (in.opcode)
        {
            case MOV -> IntegerAlu.mov(r, mask, in);
            case MOV_PREDICATE, PRED_AND, PRED_OR, PRED_XOR, PRED_NOT ->
                Comparison.predicateLogic(predicates, mask, in);
            case PACK -> IntegerAlu.pack(r, mask, in);
            case UNPACK -> IntegerAlu.unpack(r, mask, in);
            case READ_TIMER -> readTimer(in, mask);
            case ADD, SUB -> addOrSubtract(in, mask);
            case MUL ->
            {
                if (in.type.half)
                {
                    HalfAlu.arithmetic(r, mask, in);
                }
                else if (in.type.isFloat())
                {
                    FloatAlu.multiply(r, mask, in);
                }
                else
                {
                    IntegerAlu.multiply(r, mask, in, false);
                }
            }
            case MAD -> IntegerAlu.multiply(r, mask, in, true);
            case MUL24 -> IntegerAlu.multiply24(r, mask, in, false);
            case MAD24 -> IntegerAlu.multiply24(r, mask, in, true);
            case FMA ->
            {
                if (in.type.half)
                {
                    HalfAlu.arithmetic(r, mask, in);
                }
                else
                {
                    FloatAlu.fma(r, mask, in);
                }
            }
            case DIV ->
            {
                if (in.type.isFloat())
                {
                    FloatAlu.divide(r, mask, in);
                }
                else
                {
                    IntegerAlu.divide(r, mask, in, false);
                }
            }
            case REM -> IntegerAlu.divide(r, mask, in, true);
            case MIN, MAX ->
            {
                if (in.type.half)
                {
                    HalfAlu.unaryOrMinMax(r, mask, in);
                }
                else if (in.type.isFloat())
                {
                    FloatAlu.minMax(r, mask, in, in.opcode == Opcode.MAX);
                }
                else
                {
                    IntegerAlu.minMax(r, mask, in, in.opcode == Opcode.MAX);
                }
            }
            case ABS, NEG ->
            {
                if (in.type.half)
                {
                    HalfAlu.unaryOrMinMax(r, mask, in);
                }
                else if (in.type.isFloat())
                {
                    FloatAlu.sign(r, mask, in);
                }
                else if (in.opcode == Opcode.ABS)
                {
                    IntegerAlu.abs(r, mask, in);
                }
                else
                {
                    IntegerAlu.neg(r, mask, in);
                }
            }
            case COPYSIGN -> FloatAlu.sign(r, mask, in);
            case CARRY_ARITHMETIC ->
            {
                final int carryOut = IntegerAlu.carryArithmetic(r, mask, in, carry);
                if (in.carryOut)
                {
                    carry = (carry & ~mask) | carryOut;
                }
            }
            case AND, OR, XOR, NOT, CNOT -> IntegerAlu.logic(r, mask, in);
            case SHL, SHR -> IntegerAlu.shift(r, mask, in);
            case BFE -> IntegerAlu.bitFieldExtract(r, mask, in);
            case BFI -> IntegerAlu.bitFieldInsert(r, mask, in);
            case BREV, POPC, CLZ -> IntegerAlu.bitCount(r, mask, in);
            case BFIND -> IntegerAlu.findBit(r, mask, in);
            case PRMT -> IntegerAlu.permute(r, mask, in);
            case LOP3 -> IntegerAlu.logic3(r, mask, in);
            case SHF -> IntegerAlu.funnelShift(r, mask, in);
            case DP4A -> IntegerAlu.dotProduct4(r, mask, in);
            case SETP -> Comparison.setp(r, predicates, mask, in);
            case SET -> Comparison.set(r, predicates, mask, in);
            case SELP -> Comparison.selp(r, predicates, mask, in);
            case SLCT -> Comparison.slct(r, mask, in);
            case TESTP -> FloatAlu.test(r, predicates, mask, in);
            case SQRT, RSQRT, RCP, EX2, LG2, SIN, COS, TANH -> FloatAlu.function(r, mask, in);
            case CVT -> Conversions.convert(r, mask, in);
            case ISSPACEP -> MemoryOps.isSpace(r, predicates, mask, in);
            case LD -> MemoryOps.load(this, mask, in);
            case ST -> MemoryOps.store(this, mask, in);
            case ATOM, RED -> MemoryOps.atomic(this, mask, in);
            case FENCE -> UNSAFE.fullFence();
            case SHFL -> WarpOps.shuffle(r, predicates, mask, in, scratch);
            case VOTE -> WarpOps.vote(r, predicates, mask, in);
            case REDUX -> WarpOps.reduce(r, mask, in);
            case ACTIVEMASK -> WarpOps.activeMask(r, mask, active, in);
            case ELECT -> WarpOps.elect(r, predicates, mask, in);
            case SYSTEM_CALL -> systemCall(in, mask);
            case NOP ->
            {
                // Hints and no-ops (prefetch, nanosleep, bar.warp.sync) have nothing to do in the emulator.
            }
            default -> throw new IllegalStateException("opcode " + in.opcode + " is handled by run()");
        }
    }

    private void addOrSubtract(final Instruction in, final int mask)
    {
        if (in.type.half)
        {
            HalfAlu.arithmetic(registers, mask, in);
        }
        else if (in.type.isFloat())
        {
            FloatAlu.add(registers, mask, in);
        }
        else if (in.opcode == Opcode.ADD)
        {
            IntegerAlu.add(registers, mask, in);
        }
        else
        {
            IntegerAlu.sub(registers, mask, in);
        }
    }

    private void readTimer(final Instruction in, final int mask)
    {
        final long nanos = System.nanoTime();
        final long value = switch (SPECIAL_REGISTERS[in.variant])
        {
            case CLOCK -> nanos & LOW32;
            case CLOCK_HI -> nanos >>> 32 & LOW32;
            case CLOCK64 -> nanos;
            case GLOBALTIMER -> LaunchContext.globalTimer();
            case GLOBALTIMER_LO -> LaunchContext.globalTimer() & LOW32;
            default -> LaunchContext.globalTimer() >>> 32;
        };
        for (int m = mask; m != 0; m &= m - 1)
        {
            registers[in.d + Integer.numberOfTrailingZeros(m)] = value;
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Control flow

    private void branch(final Instruction in, final int taken)
    {
        if (taken == active)
        {
            pc = in.target;
            return;
        }
        if (taken == 0)
        {
            pc++;
            return;
        }
        final int[] lanePc = frame.lanePc;
        for (int m = active; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            lanePc[lane] = (taken >>> lane & 1) != 0 ? in.target : pc + 1;
        }
        active = 0;
    }

    /**
     * {@code ret} from a function or {@code exit} from the kernel for the lanes in mask.
     */
    private void leave(final int mask, final boolean exit)
    {
        if (mask == 0)
        {
            pc++;
            return;
        }
        if (exit)
        {
            exited |= mask;
            for (int i = 0; i <= depth; i++)
            {
                frames[i].members &= ~mask;
            }
        }
        else
        {
            frame.returned |= mask;
        }
        active &= ~mask;
        if (active != 0)
        {
            pc++;
        }
    }

    private void barrier(final Instruction in, final int mask)
    {
        if (mask == 0)
        {
            pc++;
            return;
        }
        final int id = block.arrive(this, in, mask, in.p == Instruction.NONE ? 0 :
            (in.pNegated ? ~predicates[in.p] : predicates[in.p]) & mask);
        final Frame current = frame;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            current.lanePc[lane] = pc + 1;
            current.barrierId[lane] = id;
            current.barrierInstruction[lane] = in;
        }
        current.blocked |= mask;
        active &= ~mask;
        if (active != 0)
        {
            pc++;
        }
    }

    /**
     * Lanes blocked at barrier {@code id}, in any frame, may go on; a {@code bar.red} gets the block's reduction.
     */
    void releaseBarrier(final int id, final long reduction)
    {
        for (int i = 0; i <= depth; i++)
        {
            final Frame target = frames[i];
            int released = 0;
            for (int m = target.blocked; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                if (target.barrierId[lane] != id)
                {
                    continue;
                }
                released |= 1 << lane;
                final Instruction in = target.barrierInstruction[lane];
                if (in.opcode == Opcode.BAR_RED)
                {
                    if (in.type == PtxType.PRED)
                    {
                        target.predicates[in.d] = reduction != 0 ?
                            target.predicates[in.d] | (1 << lane) : target.predicates[in.d] & ~(1 << lane);
                    }
                    else
                    {
                        target.registers[in.d + lane] = reduction;
                    }
                }
                if (target == frame)
                {
                    waitingPc = Math.min(waitingPc, target.lanePc[lane]);
                }
            }
            target.blocked &= ~released;
        }
    }

    private void call(final Instruction in, final int mask)
    {
        if (mask == 0)
        {
            pc++;
            return;
        }
        final CallSite site = in.call;
        final FunctionCode callee = site.callee();
        final Frame caller = frame;
        final int base = caller.base + caller.function.frameSize();
        if (depth + 1 >= MAX_CALL_DEPTH || base + callee.frameSize() > localWindow)
        {
            throw fault(KernelFaultException.Kind.LAUNCH_OUT_OF_RESOURCES, "call stack overflow calling '" +
                callee.name + "'", in, Integer.numberOfTrailingZeros(mask));
        }
        for (int m = active; m != 0; m &= m - 1)
        {
            caller.lanePc[Integer.numberOfTrailingZeros(m)] = pc + 1;
        }
        caller.savedActive = 0;
        caller.savedWaitingPc = Integer.MAX_VALUE;
        if (frames[++depth] == null)
        {
            frames[depth] = new Frame();
        }
        final Frame target = frames[depth];
        target.prepare(callee, block.launch.linked.constants(callee));
        target.members = mask;
        target.base = base;
        target.call = site;
        initializeFrame(target);
        for (int i = 0; i < site.argumentOffsets().length; i++)
        {
            copyFrameBytes(mask, caller.base + site.argumentOffsets()[i], base + site.parameterOffsets()[i],
                site.argumentSizes()[i]);
        }
        enter(target, mask);
    }

    /**
     * {@code vprintf}, {@code malloc} or {@code free} for each lane in mask, in lane order: arguments come from the
     * {@code .param} variables of the caller's frame and the result goes back to one, as for a call to a function.
     */
    private void systemCall(final Instruction in, final int mask)
    {
        final CallSite site = in.call;
        final DeviceSystemCalls systemCalls = block.launch.systemCalls;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long frameBase = BYTE_ARRAY_OFFSET + (long)lane * localWindow + frame.base;
            final long first = UNSAFE.getLong(localMemory, frameBase + site.argumentOffsets()[0]);
            final long result;
            switch (in.variant)
            {
                case SystemCalls.VPRINTF ->
                {
                    final long arguments = UNSAFE.getLong(localMemory, frameBase + site.argumentOffsets()[1]);
                    final ByteArrayOutputStream printed = new ByteArrayOutputStream();
                    result = PrintfFormatter.format(first, arguments, new LaneBytes(in, lane), printed);
                    systemCalls.print(printed);
                }
                case SystemCalls.MALLOC -> result = systemCalls.malloc(first);
                default ->
                {
                    if (!systemCalls.free(first))
                    {
                        throw fault(KernelFaultException.Kind.ILLEGAL_ADDRESS, "free of 0x" + Long.toHexString(first) +
                            ", which device malloc did not return or was already freed", in, lane);
                    }
                    result = 0;
                }
            }
            if (site.resultOffsets().length > 0)
            {
                final long at = frameBase + site.resultOffsets()[0];
                if (site.resultSizes()[0] == 8)
                {
                    UNSAFE.putLong(localMemory, at, result);
                }
                else
                {
                    UNSAFE.putInt(localMemory, at, (int)result);
                }
            }
        }
    }

    /** Device memory as one lane sees it through generic addresses, for the printf formatter. */
    private final class LaneBytes implements PrintfFormatter.DeviceBytes
    {
        private final Instruction in;
        private final int lane;

        LaneBytes(final Instruction in, final int lane)
        {
            this.in = in;
            this.lane = lane;
        }

        public int byteAt(final long address)
        {
            final long offset = resolve(Space.GENERIC, address, 1, in, lane);
            return UNSAFE.getByte(accessBase, offset) & 0xFF;
        }

        public long load(final long address, final int size)
        {
            final long offset = resolve(Space.GENERIC, address, size, in, lane);
            return size == 8 ? UNSAFE.getLong(accessBase, offset) : UNSAFE.getInt(accessBase, offset) & 0xFFFF_FFFFL;
        }
    }

    private void copyFrameBytes(final int lanes, final int from, final int to, final int size)
    {
        for (int m = lanes; m != 0; m &= m - 1)
        {
            final int window = Integer.numberOfTrailingZeros(m) * localWindow;
            System.arraycopy(localMemory, window + from, localMemory, window + to, size);
        }
    }

    /**
     * Choose the lanes to run next: those with the lowest pc among the lanes of the current frame that can run.
     * When none can, a finished callee frame is popped and its caller resumes.
     *
     * @return false when the warp cannot go on (finished, or every remaining lane waits at a barrier).
     */
    private boolean reschedule()
    {
        while (true)
        {
            final Frame current = frame;
            final int[] lanePc = current.lanePc;
            for (int m = active; m != 0; m &= m - 1)
            {
                lanePc[Integer.numberOfTrailingZeros(m)] = pc;
            }
            final int runnable = current.members & ~current.returned & ~current.blocked;
            if (runnable != 0)
            {
                int lowest = Integer.MAX_VALUE;
                for (int m = runnable; m != 0; m &= m - 1)
                {
                    lowest = Math.min(lowest, lanePc[Integer.numberOfTrailingZeros(m)]);
                }
                int lanes = 0;
                int next = Integer.MAX_VALUE;
                for (int m = runnable; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    final int lanePcValue = lanePc[lane];
                    if (lanePcValue == lowest)
                    {
                        lanes |= 1 << lane;
                    }
                    else
                    {
                        next = Math.min(next, lanePcValue);
                    }
                }
                pc = lowest;
                active = lanes;
                waitingPc = next;
                return true;
            }
            active = 0;
            if (current.blocked != 0 || depth == 0)
            {
                return false;
            }
            returnToCaller(current);
        }
    }

    private void returnToCaller(final Frame callee)
    {
        final Frame caller = frames[--depth];
        final CallSite site = callee.call;
        final int returnedLanes = callee.returned & callee.members;
        for (int i = 0; i < site.resultOffsets().length; i++)
        {
            copyFrameBytes(returnedLanes, callee.base + site.returnOffsets()[i], caller.base + site.resultOffsets()[i],
                site.resultSizes()[i]);
        }
        frame = caller;
        registers = caller.registers;
        predicates = caller.predicates;
        code = caller.function.code;
        active = caller.savedActive;
        waitingPc = caller.savedWaitingPc;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Memory

    /**
     * Check an access and prepare it for Unsafe: sets {@link #accessBase} and returns the offset to use with it.
     *
     * @throws KernelFaultException if the access is misaligned or outside what the kernel may touch.
     */
    long resolve(final Space space, final long address, final int size, final Instruction in, final int lane)
    {
        return switch (space)
        {
            case GLOBAL, CONST -> global(address, size, in, lane);
            case SHARED -> shared(address, size, in, lane);
            case LOCAL -> local(address, size, in, lane);
            case KERNEL_PARAM -> parameter(address, size, in, lane);
            case GENERIC ->
            {
                if (GenericAddressSpace.isShared(address))
                {
                    yield shared(address - GenericAddressSpace.SHARED_WINDOW, size, in, lane);
                }
                if (GenericAddressSpace.isLocal(address))
                {
                    yield local(address - GenericAddressSpace.LOCAL_WINDOW, size, in, lane);
                }
                yield global(address, size, in, lane);
            }
        };
    }

    private long global(final long address, final int size, final Instruction in, final int lane)
    {
        if ((address & (size - 1)) != 0)
        {
            throw fault(KernelFaultException.Kind.MISALIGNED_ADDRESS, "misaligned address", address, size, in, lane);
        }
        Allocation allocation = allocationCache[in.cacheSlot];
        if (allocation == null || !allocation.contains(address, size))
        {
            final LaunchContext launch = block.launch;
            allocation = launch.memory.find(address, size, launch.owner);
            if (allocation == null)
            {
                throw fault(KernelFaultException.Kind.ILLEGAL_ADDRESS, "illegal address", address, size, in, lane);
            }
            allocationCache[in.cacheSlot] = allocation;
        }
        accessBase = null;
        return allocation.hostAddress(address, size);
    }

    private long shared(final long address, final int size, final Instruction in, final int lane)
    {
        if ((address & (size - 1)) != 0)
        {
            throw fault(KernelFaultException.Kind.MISALIGNED_ADDRESS, "misaligned shared address", address, size, in,
                lane);
        }
        if (address < 0 || address > block.sharedBytes - size)
        {
            throw fault(KernelFaultException.Kind.ILLEGAL_ADDRESS, "illegal shared address", address, size, in, lane);
        }
        accessBase = block.sharedMemory;
        return BYTE_ARRAY_OFFSET + address;
    }

    private long local(final long address, final int size, final Instruction in, final int lane)
    {
        if ((address & (size - 1)) != 0)
        {
            throw fault(KernelFaultException.Kind.MISALIGNED_ADDRESS, "misaligned local address", address, size, in,
                lane);
        }
        if (address < 0 || address > localWindow - size)
        {
            throw fault(KernelFaultException.Kind.ILLEGAL_ADDRESS, "illegal local address", address, size, in, lane);
        }
        accessBase = localMemory;
        return BYTE_ARRAY_OFFSET + (long)lane * localWindow + address;
    }

    private long parameter(final long address, final int size, final Instruction in, final int lane)
    {
        final byte[] parameters = block.launch.parameters;
        if (address < 0 || address > block.launch.linked.kernel.parameterBufferSize() - size)
        {
            throw fault(KernelFaultException.Kind.ILLEGAL_ADDRESS, "illegal parameter address", address, size, in,
                lane);
        }
        accessBase = parameters;
        return BYTE_ARRAY_OFFSET + address;
    }

    private KernelFaultException fault(final KernelFaultException.Kind kind, final String what, final long address,
        final int size, final Instruction in, final int lane)
    {
        return fault(kind, what + " 0x" + Long.toHexString(address) + " (" + size + " bytes)", in, lane);
    }

    KernelFaultException fault(final KernelFaultException.Kind kind, final String what, final Instruction in,
        final int lane)
    {
        final String kernel = block.launch.linked.kernel.name();
        return new KernelFaultException(kind, kernel, what + " in kernel '" + kernel + "' at line " + in.line +
            " (" + in.text + "), block (" + block.blockX + "," + block.blockY + "," + block.blockZ + ") thread (" +
            threadX[lane] + "," + threadY[lane] + "," + threadZ[lane] + ")");
    }
}
