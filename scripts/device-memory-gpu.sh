#!/usr/bin/env bash
# The executor's device memory figures on a GPU host against nvidia-smi's, from the executor distribution alone.
# The executor reads each device's total and free memory from NVML, finding the device by the UUID CUDA gives it,
# and publishes them as counters; `gpurelay-stat --json` shows them. For each case below the script starts an
# executor, reads its figures and the UUIDs it names in its log, and compares each device with
# `nvidia-smi --query-gpu=uuid,memory.total,memory.free --id=UUID`: the totals must be equal (in MiB, as nvidia-smi
# rounds), the free figures within FREE_TOLERANCE_MIB (other processes may allocate meanwhile).
#
#   scripts/device-memory-gpu.sh DIST_TARBALL OUT_DIR [--emulated]
#
# Cases: process isolation (the supervisor never touches CUDA) and thread isolation, all devices; with two GPUs or
# more also CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES=<nvidia-smi indexes reversed>, where device 0 must be
# nvidia-smi's last GPU, and --devices 1,0 in PCI bus order, where device 0 must be nvidia-smi's second GPU. A case
# whose device memory is reported as
# unknown fails, with the executor's reason from its log.
# --emulated checks the script without a GPU: the emulator's figures are its configured size.
set -euo pipefail

dist_tarball="$1"
out="$2"
mode="${3:-gpu}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d -t gpurelay-device-memory.XXXXXX)"
tar -xzf "$dist_tarball" -C "$work"
dist="$(echo "$work"/gpurelay-executor-*)"
summary="$out/summary.txt"
: > "$summary"
tolerance_mib="${FREE_TOLERANCE_MIB:-256}"
failures=0
executor_pid=""

cleanup() {
    local status=$?
    if [ -n "$executor_pid" ]; then
        kill "$executor_pid" 2>/dev/null || true
        wait "$executor_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT

say() { echo "$*" | tee -a "$summary"; }
fail() { say "FAIL: $*"; failures=$((failures + 1)); }

# run_case NAME ENV... -- EXECUTOR_ARGS...: start an executor, compare its figures, stop it.
run_case() {
    local name="$1"; shift
    local env_args=()
    while [ "$1" != "--" ]; do env_args+=("$1"); shift; done
    shift
    local aeron_dir="/dev/shm/gpurelay-device-memory-$name-$$"
    local log="$out/executor-$name.log"
    env ${env_args[@]+"${env_args[@]}"} "$dist/bin/gpurelay-executor" --aeron-dir "$aeron_dir" "$@" > "$log" 2>&1 &
    executor_pid=$!
    local ready=no
    for _ in $(seq 1 600); do
        if grep -q "gpurelay executor ready" "$log"; then ready=yes; break; fi
        kill -0 "$executor_pid" 2>/dev/null || break
        sleep 0.1
    done
    say ""
    say "[$name] ${env_args[*]+${env_args[*]} }gpurelay-executor $*"
    if [ "$ready" != yes ]; then
        fail "$name: the executor did not start; see $log"
        kill "$executor_pid" 2>/dev/null || true; wait "$executor_pid" 2>/dev/null || true; executor_pid=""
        return
    fi
    sleep 2
    local json
    json="$("$dist/bin/gpurelay-stat" --aeron-dir "$aeron_dir" --once --json)"
    echo "$json" > "$out/stat-$name.json"
    kill "$executor_pid" 2>/dev/null || true
    wait "$executor_pid" 2>/dev/null || true
    executor_pid=""
    local devices
    devices="$(echo "$json" | grep -o '"device":[0-9]*,"memoryHeldBytes":[0-9]*,"totalBytes":-\?[0-9]*,"freeBytes":-\?[0-9]*' || true)"
    if [ -z "$devices" ]; then
        fail "$name: no device figures in gpurelay-stat's output: $json"
        return
    fi
    local mapping
    mapping="$(grep -o 'device memory from NVML: .*' "$log" || true)"
    [ -n "$mapping" ] && say "  executor: $mapping"
    while read -r line; do
        local device total free
        device="$(echo "$line" | sed 's/.*"device":\([0-9]*\),.*/\1/')"
        total="$(echo "$line" | sed 's/.*"totalBytes":\(-\?[0-9]*\),.*/\1/')"
        free="$(echo "$line" | sed 's/.*"freeBytes":\(-\?[0-9]*\)$/\1/')"
        if [ "$mode" = "--emulated" ]; then
            say "  device $device: total $total, free $free bytes"
            [ "$total" -gt 0 ] && [ "$free" -le "$total" ] || fail "$name: device $device: total $total, free $free"
            continue
        fi
        if [ "$total" -lt 0 ] || [ "$free" -lt 0 ]; then
            fail "$name: device $device: memory unknown; the executor said: $(grep -o 'device memory is reported as unknown.*' "$log" || echo nothing)"
            continue
        fi
        local uuid
        uuid="$(echo "$mapping" | grep -o "$device = GPU-[0-9a-f-]*" | awk '{print $3}')"
        local expected="${EXPECTED_UUIDS[$device]:-}"
        if [ -n "$expected" ] && [ "$uuid" != "$expected" ]; then
            fail "$name: device $device is $uuid, expected $expected"
        fi
        local smi smi_total smi_free
        smi="$(nvidia-smi --query-gpu=memory.total,memory.free --format=csv,noheader,nounits --id="$uuid" | tr -d ' ')"
        smi_total="${smi%%,*}"
        smi_free="${smi##*,}"
        local total_mib=$((total / 1048576)) free_mib=$((free / 1048576))
        say "  device $device = $uuid: executor total $total_mib MiB, free $free_mib MiB; nvidia-smi total $smi_total MiB, free $smi_free MiB"
        [ "$total_mib" -eq "$smi_total" ] || fail "$name: device $device: total $total_mib MiB, nvidia-smi $smi_total MiB"
        local difference=$((free_mib - smi_free))
        [ "${difference#-}" -le "$tolerance_mib" ] || \
            fail "$name: device $device: free $free_mib MiB, nvidia-smi $smi_free MiB (more than $tolerance_mib MiB apart)"
    done <<< "$devices"
}

say "gpurelay device memory figures, $(date -u +%Y-%m-%dT%H:%M:%SZ), $(uname -n)"
if [ "$mode" = "--emulated" ]; then
    declare -a EXPECTED_UUIDS=()
    run_case emulated-process -- --backend emulated --isolation process --devices 2 --device-memory 1g
    run_case emulated-thread -- --backend emulated --isolation thread --devices 2 --device-memory 1g
else
    nvidia-smi --query-gpu=index,uuid,name,memory.total,memory.free --format=csv | tee -a "$summary"
    mapfile -t smi_uuids < <(nvidia-smi --query-gpu=uuid --format=csv,noheader | tr -d ' ')
    count="${#smi_uuids[@]}"
    declare -a EXPECTED_UUIDS=()
    run_case process -- --backend gpu --isolation process --devices "$count"
    run_case thread -- --backend gpu --isolation thread --devices "$count"
    if [ "$count" -ge 2 ]; then
        reversed=""
        EXPECTED_UUIDS=()
        for ((i = count - 1; i >= 0; i--)); do
            reversed="$reversed${reversed:+,}$i"
            EXPECTED_UUIDS+=("${smi_uuids[$i]}")
        done
        run_case reversed CUDA_DEVICE_ORDER=PCI_BUS_ID CUDA_VISIBLE_DEVICES="$reversed" -- \
            --backend gpu --isolation process --devices "$count"
        EXPECTED_UUIDS=("${smi_uuids[1]}" "${smi_uuids[0]}")
        run_case selection CUDA_DEVICE_ORDER=PCI_BUS_ID -- --backend gpu --isolation process --devices 1,0
    else
        say ""
        say "(one GPU: the reordered cases need two)"
    fi
fi
say ""
if [ "$failures" -eq 0 ]; then say "PASSED"; else say "FAILED: $failures"; exit 1; fi
