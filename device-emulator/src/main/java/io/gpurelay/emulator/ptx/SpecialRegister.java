package io.gpurelay.emulator.ptx;

import java.util.HashMap;
import java.util.Map;

/**
 * The PTX special registers the interpreter provides. Timers change as the kernel runs; every other one is fixed for
 * a thread and is written into the thread's register file when its block starts.
 */
enum SpecialRegister
{
    TID_X("%tid.x"), TID_Y("%tid.y"), TID_Z("%tid.z"),
    NTID_X("%ntid.x"), NTID_Y("%ntid.y"), NTID_Z("%ntid.z"),
    CTAID_X("%ctaid.x"), CTAID_Y("%ctaid.y"), CTAID_Z("%ctaid.z"),
    NCTAID_X("%nctaid.x"), NCTAID_Y("%nctaid.y"), NCTAID_Z("%nctaid.z"),
    LANEID("%laneid"), WARPID("%warpid"), NWARPID("%nwarpid"),
    SMID("%smid"), NSMID("%nsmid"), GRIDID("%gridid"),
    LANEMASK_EQ("%lanemask_eq"), LANEMASK_LT("%lanemask_lt"), LANEMASK_LE("%lanemask_le"),
    LANEMASK_GT("%lanemask_gt"), LANEMASK_GE("%lanemask_ge"),
    DYNAMIC_SMEM_SIZE("%dynamic_smem_size"), TOTAL_SMEM_SIZE("%total_smem_size"),
    RESERVED_SMEM_OFFSET_BEGIN("%reserved_smem_offset_begin"), RESERVED_SMEM_OFFSET_END("%reserved_smem_offset_end"),
    RESERVED_SMEM_OFFSET_CAP("%reserved_smem_offset_cap"), RESERVED_SMEM_OFFSET_0("%reserved_smem_offset_0"),
    RESERVED_SMEM_OFFSET_1("%reserved_smem_offset_1"),
    CLOCK("%clock"), CLOCK_HI("%clock_hi"), CLOCK64("%clock64"), GLOBALTIMER("%globaltimer"),
    GLOBALTIMER_LO("%globaltimer_lo"), GLOBALTIMER_HI("%globaltimer_hi");

    private static final Map<String, SpecialRegister> BY_NAME = new HashMap<>();

    static
    {
        for (final SpecialRegister register : values())
        {
            BY_NAME.put(register.ptxName, register);
        }
    }

    final String ptxName;

    SpecialRegister(final String ptxName)
    {
        this.ptxName = ptxName;
    }

    static SpecialRegister fromName(final String name)
    {
        return BY_NAME.get(name);
    }

    /**
     * The registers that locate the block's reserved shared memory, which cooperative groups use in debug builds.
     */
    boolean isReservedShared()
    {
        return name().startsWith("RESERVED_SMEM");
    }

    boolean isTimer()
    {
        return this == CLOCK || this == CLOCK_HI || this == CLOCK64 || this == GLOBALTIMER ||
            this == GLOBALTIMER_LO || this == GLOBALTIMER_HI;
    }
}
