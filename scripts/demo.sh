#!/usr/bin/env bash
# ./gpurelay demo: start an executor, run every sample through the agent over Aeron IPC and over UDP on loopback with
# its default sizes (small enough for the device emulator), print a table, stop everything, and exit 0 only if every
# run passed. A failed run's output is shown and the demo goes on with the next one, so that the table has every row.
#
# Needs bash and coreutils besides `java` (JAVA_HOME or PATH): a Java runtime alone is enough, no JDK tools.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
AGENT_JAR="$ROOT/agent/target/gpurelay-agent.jar"
EXECUTOR_JAR="$ROOT/remote-executor/target/gpurelay-executor.jar"
SAMPLES_JAR="$ROOT/samples/target/gpurelay-samples.jar"
SAMPLES_LIB="$ROOT/samples/target/lib"
# The samples jar and the JCuda jars beside it (java expands the `*`, so it stays quoted); no JCuda natives.
SAMPLES_CP="$SAMPLES_JAR:$SAMPLES_LIB/*"
JVM_OPENS=(--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
           --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.util.zip=ALL-UNNAMED)
SAMPLES=(DeviceQueryAndCopy SaxpyPtx SaxpyCublas MatmulTiledPtx MatmulCublas JavaCppSaxpySgemm)
BACKEND=auto
READY_TIMEOUT_S=60
RUN_TIMEOUT_S=300
STOP_GRACE_S=10
FAILED_LOG_LINES=40

while [[ $# -gt 0 ]]; do
    case "$1" in
        --backend) BACKEND="${2:?--backend needs a value}"; shift 2 ;;
        --backend=*) BACKEND="${1#--backend=}"; shift ;;
        -h|--help) echo "usage: ./gpurelay demo [--backend auto|emulated|gpu]"; exit 0 ;;
        *) echo "gpurelay demo: unknown option '$1'" >&2; exit 2 ;;
    esac
done

for artifact in "$AGENT_JAR" "$EXECUTOR_JAR" "$SAMPLES_JAR" "$SAMPLES_LIB"; do
    if [[ ! -e "$artifact" ]]; then
        echo "gpurelay demo: $artifact is missing: build first (./gpurelay build)" >&2
        exit 2
    fi
done

WORK="$(mktemp -d -t gpurelay-demo.XXXXXX)"
EXECUTOR_PID=""
CLIENT_PID=""
FAILED=0

# stop_process PID: SIGTERM, then SIGKILL after STOP_GRACE_S, and reap it; every wait is bounded.
stop_process() {
    local pid="$1"
    [[ -n "$pid" ]] || return 0
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null
        for _ in $(seq 1 $((STOP_GRACE_S * 10))); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null
    fi
    wait "$pid" 2>/dev/null
    return 0
}

# The logs stay when a run failed, for a closer look; the Aeron directories never do.
# shellcheck disable=SC2317 # run by the EXIT trap, which shellcheck does not follow
cleanup() {
    stop_process "$CLIENT_PID"
    stop_process "$EXECUTOR_PID"
    if [[ $FAILED -eq 0 ]]; then
        rm -rf "$WORK"
    else
        rm -rf "$WORK/aeron"
        echo "gpurelay demo: the runs' logs are in $WORK" >&2
    fi
}
trap cleanup EXIT
trap 'FAILED=1; printf "\ngpurelay demo: interrupted\n" >&2; exit 130' INT TERM

now_ms() {
    local ns
    ns="$(date +%s%N)"
    echo $((ns / 1000000))
}

# seconds MILLIS: "1.23" without bc or awk.
seconds() {
    printf '%d.%02d' $(($1 / 1000)) $(($1 % 1000 / 10))
}

# free_udp_port: a loopback UDP port nothing listens on, below the kernel's ephemeral range (as FreePorts picks
# them), where no socket bound without a port can take it before the executor binds it.
free_udp_port() {
    local port low=32768
    if [[ -r /proc/sys/net/ipv4/ip_local_port_range ]]; then
        read -r low _ </proc/sys/net/ipv4/ip_local_port_range
    fi
    ((low > 11000)) || low=60000
    for _ in $(seq 1 50); do
        port=$((10000 + RANDOM % (low - 10000)))
        if ! (command -v ss >/dev/null && ss -Hlun "sport = :$port" | grep -q .); then
            echo "$port"
            return
        fi
    done
    echo 40123
}

# start_executor NAME CHANNEL: an executor in its own Aeron directory; waits for its ready line.
start_executor() {
    local name="$1" channel="$2"
    local log="$WORK/executor-$name.log"
    "$JAVA" "${JVM_OPENS[@]}" -jar "$EXECUTOR_JAR" executor --channel "$channel" --backend "$BACKEND" \
        --aeron-dir "$WORK/aeron/$name" >"$log" 2>&1 &
    EXECUTOR_PID=$!
    local waited=0
    until grep -q "gpurelay executor ready on" "$log" 2>/dev/null; do
        if ! kill -0 "$EXECUTOR_PID" 2>/dev/null || ((waited >= READY_TIMEOUT_S * 10)); then
            echo "  the executor did not start within ${READY_TIMEOUT_S} s; its log:"
            sed 's/^/    | /' "$log"
            return 1
        fi
        sleep 0.1
        waited=$((waited + 1))
    done
    echo "  $(grep -m1 'gpurelay executor ready on' "$log")"
}

stop_executor() {
    stop_process "$EXECUTOR_PID"
    EXECUTOR_PID=""
}

ROWS=()
add_row() {
    ROWS+=("$(printf '%-20s %-14s %-8s %9s' "$1" "$2" "$3" "$4")")
}

# run_sample TRANSPORT CHANNEL AERON_DIR SAMPLE: one sample through the agent, in the background so that a signal
# to this script is handled at once and the sample is stopped with it.
run_sample() {
    local transport="$1" channel="$2" aeron_dir="$3" sample="$4"
    local log="$WORK/${transport//[^a-z]/-}-$sample.log" start elapsed status result
    printf '  running %s over %s ... ' "$sample" "$transport"
    start="$(now_ms)"
    timeout --kill-after="$STOP_GRACE_S" "$RUN_TIMEOUT_S" "$JAVA" \
        "-javaagent:$AGENT_JAR=executor=$channel,aeron.dir=$aeron_dir,timeout=20s" \
        -cp "$SAMPLES_CP" "io.gpurelay.samples.$sample" >"$log" 2>&1 &
    CLIENT_PID=$!
    wait "$CLIENT_PID"
    status=$?
    CLIENT_PID=""
    elapsed=$(($(now_ms) - start))
    if [[ $status -eq 124 || $status -eq 137 ]]; then
        result=TIMEOUT
    elif [[ $status -eq 0 ]] && grep -qx 'PASSED' "$log"; then
        result=PASSED
    else
        result=FAILED
    fi
    echo "$result ($(seconds "$elapsed") s)"
    if [[ $result != PASSED ]]; then
        FAILED=1
        [[ $result == TIMEOUT ]] && echo "    | stopped after ${RUN_TIMEOUT_S} s"
        head -n "$FAILED_LOG_LINES" "$log" | sed 's/^/    | /'
        local lines
        lines="$(wc -l <"$log")"
        if ((lines > FAILED_LOG_LINES)); then
            echo "    | ... $((lines - FAILED_LOG_LINES)) more lines in $log"
        fi
    fi
    add_row "$sample" "$transport" "$result" "$(seconds "$elapsed") s"
}

# run_transport STEP TITLE NAME CHANNEL TRANSPORT: one executor, every sample against it.
run_transport() {
    local step="$1" title="$2" name="$3" channel="$4" transport="$5" sample
    echo "[$step] $title"
    if start_executor "$name" "$channel"; then
        for sample in "${SAMPLES[@]}"; do
            run_sample "$transport" "$channel" "$WORK/aeron/$name" "$sample"
        done
    else
        FAILED=1
        for sample in "${SAMPLES[@]}"; do
            add_row "$sample" "$transport" "NOT RUN" "-"
        done
    fi
    stop_executor
}

echo "gpurelay demo (backend $BACKEND)"
run_transport 1/2 "Aeron IPC" ipc "aeron:ipc" "aeron:ipc"
PORT="$(free_udp_port)"
run_transport 2/2 "Aeron UDP on loopback (port $PORT)" udp "aeron:udp?endpoint=localhost:$PORT" "udp loopback"

echo
printf '%-20s %-14s %-8s %9s\n' "sample" "transport" "result" "time"
printf '%-20s %-14s %-8s %9s\n' "------" "---------" "------" "----"
printf '%s\n' "${ROWS[@]}"
echo
if [[ $FAILED -eq 0 ]]; then
    echo "demo PASSED"
else
    echo "demo FAILED"
fi
exit "$FAILED"
