#!/usr/bin/env bash
# Two executors on one GPU host as one client's two devices, from the executor distribution and the test jars,
# without Maven or a JDK: each executor serves the host's GPU 0 on a UDP port of its own, and one client with
# `executor=A;B` runs TwoDeviceProgram (a context and a kernel on each device, the copies between them, refused peer
# access, and the device ordinals inside structs and int arguments on the second executor's device: virtual memory,
# the array memory requirements, managed memory's hints and attributes; the attributes of either device's pointers
# asked with the other device current; a graph's host node instantiated and launched on each device, each running its
# own function, also once the other device's exec is destroyed; a cuBLAS handle in device pointer mode on one device
# and in host mode on the other, and managed memory's host view on each, every one kept apart).
#
#   scripts/two-executors-gpu.sh DIST_TARBALL TEST_BUNDLE_DIR OUT_DIR [--emulated]
#
# DIST_TARBALL     executor-distribution/target/gpurelay-executor-<version>.tar.gz (holds the Java runtime)
# TEST_BUNDLE_DIR  integration-tests/target/test-classes as test-classes/ and integration-tests/target/test-lib as
#                  test-lib/ (what `mvn package` builds), as for scripts/gpu-host-tests.sh
# OUT_DIR          the executors' and the client's logs, and summary.txt
# --emulated       run on the device emulator, to check the script on a machine without a GPU
# PORTS            (environment) the two UDP ports, "40123 40124" by default
set -euo pipefail

dist_tarball="$1"
bundle="$2"
out="$3"
mode="${4:-gpu}"
backend=gpu
[ "$mode" = "--emulated" ] && backend=emulated
read -r port_a port_b <<< "${PORTS:-40123 40124}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d -t gpurelay-two-executors.XXXXXX)"
tar -xzf "$dist_tarball" -C "$work"
dist="$(echo "$work"/gpurelay-executor-*)"
java="$dist/runtime/bin/java"
jcuda="$(ls "$bundle"/test-lib/jcuda-[0-9]*.jar | head -n 1):$(ls "$bundle"/test-lib/jcublas-[0-9]*.jar | head -n 1)"
summary="$out/summary.txt"
: > "$summary"

pids=()
cleanup() {
    local status=$?
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$work" "/dev/shm/gpurelay-two-a-$$" "/dev/shm/gpurelay-two-b-$$"
    exit "$status"
}
trap cleanup EXIT

start_executor() { # start_executor NAME PORT
    local log="$out/executor-$1.log"
    "$dist/bin/gpurelay-executor" --backend "$backend" --channel "aeron:udp?endpoint=localhost:$2" \
        --aeron-dir "/dev/shm/gpurelay-two-$1-$$" > "$log" 2>&1 &
    pids+=("$!")
    for _ in $(seq 1 600); do
        grep -q "gpurelay executor ready" "$log" && return 0
        kill -0 "${pids[-1]}" 2>/dev/null || break
        sleep 0.1
    done
    echo "executor $1 did not start; see $log" >&2
    exit 1
}

start_executor a "$port_a"
start_executor b "$port_b"
client_log="$out/client.log"
status=0
"$java" -javaagent:"$dist/lib/gpurelay-agent.jar=executor=aeron:udp?endpoint=localhost:$port_a;aeron:udp?endpoint=localhost:$port_b,timeout=30s" \
    -cp "$bundle/test-classes:$jcuda" io.gpurelay.it.programs.TwoDeviceProgram "$bundle/test-classes/kernels" 2 16 \
    > "$client_log" 2>&1 || status=$?
echo "TwoDeviceProgram on two $backend executors (ports $port_a, $port_b), $(date -u +%Y-%m-%dT%H:%M:%SZ): exit $status" \
    | tee -a "$summary"
grep -h '^ORDINALS\|^GRAPH HOST NODES\|^CUBLAS\|^MANAGED\|^PEER COPY\|^DEVICE [01] TOTAL\|FAILED\|^PASSED\|checks passed' \
    "$client_log" | tee -a "$summary"
exit "$status"
