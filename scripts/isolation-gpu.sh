#!/usr/bin/env bash
# Process isolation on a GPU host, from the executor distribution and the test jars, without Maven or a JDK:
# the fault scenario, a killed client's memory, a killed worker, connect latency (warm and cold), density and a
# kernel that never ends under --kernel-timeout.
#
#   scripts/isolation-gpu.sh DIST_TARBALL TEST_BUNDLE_DIR OUT_DIR [--emulated]
#
# DIST_TARBALL     executor-distribution/target/gpurelay-executor-<version>.tar.gz (holds the Java runtime)
# TEST_BUNDLE_DIR  integration-tests/target/test-classes as test-classes/ and integration-tests/target/test-lib as
#                  test-lib/ (what `mvn package` builds), as for scripts/gpu-host-tests.sh
# OUT_DIR          everything goes here: summary.txt (the figures), the executors' and clients' logs
# --emulated       run on the device emulator with smaller sizes, to check the script on a machine without a GPU
# STEPS            (environment) the steps to run, e.g. STEPS="1 6"; all six by default
set -euo pipefail

dist_tarball="$1"
bundle="$2"
out="$3"
mode="${4:-gpu}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d -t gpurelay-isolation.XXXXXX)"
tar -xzf "$dist_tarball" -C "$work"
dist="$(echo "$work"/gpurelay-executor-*)"
java="$dist/runtime/bin/java"
jcuda="$(ls "$bundle"/test-lib/jcuda-[0-9]*.jar | head -n 1)"
classpath="$bundle/test-classes:$jcuda"
kernels="$bundle/test-classes/kernels"
program=io.gpurelay.it.programs.FaultIsolationProgram
summary="$out/summary.txt"
: > "$summary"

if [ "$mode" = "--emulated" ]; then
    backend=emulated; floats=4096; hold_mib=64; density=4; connects=20; loop_s=12; poke_s=3; gpu=no
else
    backend=gpu; floats=262144; hold_mib=20480; density=64; connects=100; loop_s=20; poke_s=5; gpu=yes
fi

executor_pid=""
cleanup() {
    local status=$?
    if [ -n "$executor_pid" ]; then
        kill "$executor_pid" 2>/dev/null || true
        wait "$executor_pid" 2>/dev/null || true
    fi
    for job in $(jobs -p); do kill "$job" 2>/dev/null || true; done
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT

say() { echo "$*" | tee -a "$summary"; }
steps="${STEPS:-1 2 3 4 5 6}"
want() { [[ " $steps " == *" $1 "* ]]; }
now_ms() { date +%s%3N; }

# start_executor NAME ARGS...: an executor with an Aeron directory of its own; waits for its ready line.
start_executor() {
    local name="$1"; shift
    aeron_dir="/dev/shm/gpurelay-isolation-$name-$$"
    executor_log="$out/executor-$name.log"
    "$dist/bin/gpurelay-executor" --backend "$backend" --isolation process --aeron-dir "$aeron_dir" "$@" \
        > "$executor_log" 2>&1 &
    executor_pid=$!
    for _ in $(seq 1 600); do
        grep -q "gpurelay executor ready" "$executor_log" && return 0
        kill -0 "$executor_pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "executor $name did not start; see $executor_log" >&2
    exit 1
}

stop_executor() {
    kill "$executor_pid" 2>/dev/null || true
    wait "$executor_pid" 2>/dev/null || true
    executor_pid=""
}

client() { # client LOG ARGS...: a client JVM with the agent, in the background
    local log="$1"; shift
    "$java" -javaagent:"$dist/lib/gpurelay-agent.jar=aeron.dir=$aeron_dir,timeout=10s" -cp "$classpath" "$@" \
        > "$log" 2>&1 &
}

await_line() { # await_line FILE PATTERN SECONDS
    for _ in $(seq 1 $(( $3 * 20 ))); do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.05
    done
    echo "no '$2' in $1 within $3 s" >&2
    return 1
}

worker_of() { # worker_of CLIENT_PID: the worker pid the executor log names for that client's session
    grep -o "pid $1) placed in worker [0-9]* pid [0-9]*" "$executor_log" | tail -n 1 | awk '{print $NF}'
}

gpu_used_mib() { nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -i 0 | tr -d ' '; }

say "gpurelay process isolation ($backend backend), $(date -u +%Y-%m-%dT%H:%M:%SZ), $(uname -n)"
[ "$gpu" = yes ] && say "GPU: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader -i 0)"

# 1. The fault scenario: B loops, A pokes address 0x10, a new client connects after A.
if want 1; then
say ""
say "[1] fault containment: B round-trips $((floats * 4)) bytes and launches saxpy for ${loop_s} s; A pokes 0x10 at ${poke_s} s"
start_executor fault --warm-workers 2
client "$out/fault-B.log" "$program" loop "$loop_s" "$floats" "$kernels"; b_pid=$!
await_line "$out/fault-B.log" LOOPING 120
sleep "$poke_s"
"$java" -javaagent:"$dist/lib/gpurelay-agent.jar=aeron.dir=$aeron_dir,timeout=10s" -cp "$classpath" \
    "$program" poke "$kernels" > "$out/fault-A.log" 2>&1 || true
say "  A: $(grep -h '^POKE' "$out/fault-A.log" | tr '\n' ' ')"
"$java" -javaagent:"$dist/lib/gpurelay-agent.jar=aeron.dir=$aeron_dir,timeout=10s" -cp "$classpath" \
    "$program" fresh > "$out/fault-C.log" 2>&1 || true
say "  new client after A: $(grep -h '^FRESH' "$out/fault-C.log")"
wait "$b_pid" || true
say "  B: $(grep -h '^ITERATIONS' "$out/fault-B.log")"
stop_executor

fi
# 2. A client holding memory is SIGKILLed: its worker ends and the memory comes back.
if want 2; then
say ""
say "[2] a client holding ${hold_mib} MiB SIGKILLed (keep-alive timeout 2 s)"
start_executor hold --warm-workers 1 --keepalive-timeout 2s
[ "$gpu" = yes ] && baseline=$(gpu_used_mib) && say "  GPU memory used before: ${baseline} MiB"
client "$out/hold-client.log" io.gpurelay.it.programs.HoldMemoryProgram "$hold_mib"; hold_pid=$!
await_line "$out/hold-client.log" HOLDING 600
hold_worker=$(worker_of "$hold_pid")
[ "$gpu" = yes ] && say "  GPU memory used while held: $(gpu_used_mib) MiB"
killed_at=$(now_ms)
kill -9 "$hold_pid"
wait "$hold_pid" 2>/dev/null || true
while kill -0 "$hold_worker" 2>/dev/null; do
    [ $(( $(now_ms) - killed_at )) -gt 60000 ] && break
    sleep 0.05
done
say "  worker pid $hold_worker gone $(( $(now_ms) - killed_at )) ms after the kill"
if [ "$gpu" = yes ]; then
    while [ "$(gpu_used_mib)" -gt $(( baseline + 64 )) ] && [ $(( $(now_ms) - killed_at )) -lt 60000 ]; do
        sleep 0.1
    done
    say "  nvidia-smi back to baseline ($(gpu_used_mib) MiB) $(( $(now_ms) - killed_at )) ms after the kill"
fi
stop_executor

fi
# 3. kill -9 of a worker: its client gets the reason, another session goes on.
if want 3; then
say ""
say "[3] kill -9 of a worker"
start_executor kill --warm-workers 2
client "$out/kill-bystander.log" "$program" loop 10 "$floats" "$kernels"; bystander_pid=$!
client "$out/kill-victim.log" "$program" wait; victim_pid=$!
await_line "$out/kill-bystander.log" LOOPING 120
await_line "$out/kill-victim.log" READY 120
victim_worker=$(worker_of "$victim_pid")
killed_at=$(now_ms)
kill -9 "$victim_worker"
await_line "$out/kill-victim.log" "^FAILED" 30 || true
say "  victim failed $(( $(now_ms) - killed_at )) ms after the kill: $(grep -h '^FAILED' "$out/kill-victim.log")"
say "  victim's agent said: $(grep -h "worker died" "$out/kill-victim.log" | head -n 1)"
wait "$bystander_pid" || true
say "  bystander: $(grep -h '^ITERATIONS' "$out/kill-bystander.log")"
stop_executor

fi
# 4. Session start: ConnectRequest to Connected from one warmed-up client (SessionStartProbe), with a warm worker
if want 4; then
# and with none (a cold start); and, for comparison, a fresh client JVM's first JCuda call, which opens its session.
percentiles() { # percentiles FILE: p50 and p99 of the numbers in FILE
    sort -n "$1" | awk '{v[NR]=$1} END {p50=v[int((NR+1)*0.5)]; i=int(NR*0.99+0.5); if (i<1) i=1; if (i>NR) i=NR;
        printf "p50 %.1f ms, p99 %.1f ms (n=%d)", p50, v[i], NR}'
}
probe_classpath="$bundle/test-classes:$(ls "$bundle"/test-lib/*.jar | grep -v console-standalone | tr '\n' ':')"
probe_opens="--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED"
say ""
say "[4] session start (ConnectRequest to Connected)"
start_executor warm --warm-workers 4
"$java" $probe_opens -cp "$probe_classpath" io.gpurelay.it.SessionStartProbe "$aeron_dir" aeron:ipc "$connects" 1500 \
    > "$out/session-start-warm.log" 2>&1 || true
say "  warm worker: $(grep -h '^SESSION_START' "$out/session-start-warm.log")"
: > "$out/first-call.txt"
for i in $(seq 1 10); do
    "$java" -javaagent:"$dist/lib/gpurelay-agent.jar=aeron.dir=$aeron_dir,timeout=30s" -cp "$classpath" \
        "$program" connect > "$out/first-call-$i.log" 2>&1 || true
    grep -ho 'CONNECT_MS=[0-9.]*' "$out/first-call-$i.log" | cut -d= -f2 >> "$out/first-call.txt"
    sleep 1.5
done
say "  a fresh client JVM's first call (agent start, Aeron, session): $(percentiles "$out/first-call.txt")"
stop_executor
start_executor cold --warm-workers 0
"$java" $probe_opens -cp "$probe_classpath" io.gpurelay.it.SessionStartProbe "$aeron_dir" aeron:ipc 5 3000 \
    > "$out/session-start-cold.log" 2>&1 || true
say "  cold start (no warm worker): $(grep -h '^SESSION_START' "$out/session-start-cold.log")"
stop_executor

fi
# 5. Density: how many isolated sessions fit, each holding 64 MiB; a worker's RSS and GPU memory.
if want 5; then
say ""
say "[5] density: $density sessions, each in its own worker, each holding 64 MiB"
start_executor density --warm-workers 4 --max-sessions "$density"
[ "$gpu" = yes ] && baseline=$(gpu_used_mib)
density_pids=()
for i in $(seq 1 "$density"); do
    # a generous timeout: beyond the warm pool, sessions wait for workers started for them, many at once
    "$java" -javaagent:"$dist/lib/gpurelay-agent.jar=aeron.dir=$aeron_dir,timeout=120s" -cp "$classpath" \
        io.gpurelay.it.programs.HoldMemoryProgram 64 > "$out/density-$i.log" 2>&1 &
    density_pids+=($!)
    sleep 0.2
done
holding=0
for i in $(seq 1 "$density"); do
    await_line "$out/density-$i.log" HOLDING 300 && holding=$((holding + 1)) || true
done
say "  sessions holding their memory: $holding of $density"
workers=$(grep -o "placed in worker [0-9]* pid [0-9]*" "$executor_log" | awk '{print $NF}' | sort -u)
rss_total=0; count=0
for pid in $workers; do
    rss=$(ps -o rss= -p "$pid" 2>/dev/null | tr -d ' ')
    [ -n "$rss" ] && rss_total=$((rss_total + rss)) && count=$((count + 1))
done
[ "$count" -gt 0 ] && say "  worker RSS: $((rss_total / count / 1024)) MiB on average over $count workers"
if [ "$gpu" = yes ]; then
    nvidia-smi --query-compute-apps=pid,used_memory --format=csv,noheader,nounits > "$out/density-gpu-apps.csv"
    per_worker=$(awk -F', *' -v w=" $(echo $workers) " 'index(w, " " $1 " ") {s += $2; n++} END {if (n) printf "%.0f", s / n}' \
        "$out/density-gpu-apps.csv")
    say "  GPU memory per worker (nvidia-smi, incl. its 64 MiB): ${per_worker:-?} MiB; total used $(gpu_used_mib) MiB (baseline $baseline MiB)"
fi
for pid in "${density_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
stop_executor

fi
# 6. A kernel that never ends, with --kernel-timeout: its worker is ended, its client told why, a bystander goes on.
if want 6; then
say ""
say "[6] a kernel that never ends, --kernel-timeout 2s"
start_executor spin --warm-workers 2 --kernel-timeout 2s
client "$out/spin-bystander.log" "$program" loop 10 "$floats" "$kernels"; bystander_pid=$!
await_line "$out/spin-bystander.log" LOOPING 120
client "$out/spin-spinner.log" "$program" spin; spinner_pid=$!
await_line "$out/spin-spinner.log" SPINNING 120
wait "$spinner_pid" || true
say "  spinner: $(grep -h '^SPIN ' "$out/spin-spinner.log")"
say "  spinner's agent said: $(grep -h "kernel timeout" "$out/spin-spinner.log" | head -n 1)"
say "  executor: $(grep -h "kernel timeout" "$executor_log" | head -n 1)"
wait "$bystander_pid" || true
say "  bystander: $(grep -h '^ITERATIONS' "$out/spin-bystander.log")"
"$java" -javaagent:"$dist/lib/gpurelay-agent.jar=aeron.dir=$aeron_dir,timeout=10s" -cp "$classpath" \
    "$program" fresh > "$out/spin-fresh.log" 2>&1 || true
say "  new client after: $(grep -h '^FRESH' "$out/spin-fresh.log")"
stop_executor
fi

say ""
say "done; everything is in $out"
