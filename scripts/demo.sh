#!/usr/bin/env bash
# ./gpurelay demo: start an executor, run the demo program through the agent over IPC and over UDP on loopback,
# print a table, stop everything, exit 0 only if every run passed.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
AGENT_JAR="$ROOT/agent/target/gpurelay-agent.jar"
EXECUTOR_JAR="$ROOT/remote-executor/target/gpurelay-executor.jar"
SAMPLES_CP="$ROOT/samples/target/gpurelay-samples.jar:$(ls "$ROOT"/samples/target/lib/jcuda-[0-9]*.jar | head -n 1)"
JVM_OPENS=(--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
           --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.util.zip=ALL-UNNAMED)
PROGRAMS=("io.gpurelay.samples.DeviceQueryAndCopy")
BACKEND=auto
READY_TIMEOUT_S=60
RUN_TIMEOUT_S=600

while [[ $# -gt 0 ]]; do
    case "$1" in
        --backend) BACKEND="${2:?--backend needs a value}"; shift 2 ;;
        --backend=*) BACKEND="${1#--backend=}"; shift ;;
        -h|--help) echo "usage: ./gpurelay demo [--backend auto|emulated|gpu]"; exit 0 ;;
        *) echo "gpurelay demo: unknown option '$1'" >&2; exit 2 ;;
    esac
done

WORK="$(mktemp -d -t gpurelay-demo.XXXXXX)"
EXECUTOR_PID=""
stop_executor() {
    if [[ -n "$EXECUTOR_PID" ]] && kill -0 "$EXECUTOR_PID" 2>/dev/null; then
        kill -TERM "$EXECUTOR_PID" 2>/dev/null
        for _ in $(seq 1 100); do kill -0 "$EXECUTOR_PID" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$EXECUTOR_PID" 2>/dev/null || true
        wait "$EXECUTOR_PID" 2>/dev/null || true
    fi
    EXECUTOR_PID=""
}
cleanup() { stop_executor; rm -rf "$WORK"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

free_udp_port() {
    local port
    for _ in $(seq 1 50); do
        port=$(( 20000 + RANDOM % 40000 ))
        if ! (command -v ss >/dev/null && ss -Hlun "sport = :$port" | grep -q .); then
            echo "$port"; return
        fi
    done
    echo 40123
}

# start_executor NAME CHANNEL: starts an executor in its own Aeron directory and waits for its ready line.
start_executor() {
    local name="$1" channel="$2"
    local log="$WORK/executor-$name.log"
    "$JAVA" "${JVM_OPENS[@]}" -jar "$EXECUTOR_JAR" executor --channel "$channel" --backend "$BACKEND" \
        --aeron-dir "$WORK/aeron-$name" >"$log" 2>&1 &
    EXECUTOR_PID=$!
    local waited=0
    until grep -q "gpurelay executor ready on" "$log" 2>/dev/null; do
        if ! kill -0 "$EXECUTOR_PID" 2>/dev/null || (( waited >= READY_TIMEOUT_S * 10 )); then
            echo "gpurelay demo: the executor did not start; its log:" >&2
            cat "$log" >&2
            return 1
        fi
        sleep 0.1; waited=$((waited + 1))
    done
    echo "  $(grep -m1 'gpurelay executor ready on' "$log")"
}

RESULTS=()
FAILED=0
run_program() {
    local transport="$1" channel="$2" aeron_dir="$3" program="$4"
    local log="$WORK/$transport-${program##*.}.log" start end status result
    printf '  running %s over %s ... ' "${program##*.}" "$transport"
    start=$(date +%s%N)
    timeout "$RUN_TIMEOUT_S" "$JAVA" \
        "-javaagent:$AGENT_JAR=executor=$channel,aeron.dir=$aeron_dir,timeout=20s" \
        -cp "$SAMPLES_CP" "$program" >"$log" 2>&1
    status=$?
    end=$(date +%s%N)
    if [[ $status -eq 0 ]] && grep -q '^PASSED' "$log"; then result=PASSED; else result=FAILED; FAILED=1; fi
    echo "$result"
    [[ "$result" == PASSED ]] || sed 's/^/    | /' "$log"
    RESULTS+=("$(printf '%-22s %-14s %-7s %8s s' "${program##*.}" "$transport" "$result" \
        "$(awk -v ns=$((end - start)) 'BEGIN { printf "%.2f", ns / 1e9 }')")")
}

echo "gpurelay demo (backend $BACKEND)"
echo "[1/2] Aeron IPC"
if start_executor ipc "aeron:ipc"; then
    for program in "${PROGRAMS[@]}"; do run_program "aeron:ipc" "aeron:ipc" "$WORK/aeron-ipc" "$program"; done
else
    FAILED=1; RESULTS+=("$(printf '%-22s %-14s %-7s' '(executor)' 'aeron:ipc' 'FAILED')")
fi
stop_executor

PORT="$(free_udp_port)"
UDP="aeron:udp?endpoint=localhost:$PORT"
echo "[2/2] Aeron UDP on loopback (port $PORT)"
if start_executor udp "$UDP"; then
    for program in "${PROGRAMS[@]}"; do run_program "udp loopback" "$UDP" "$WORK/aeron-udp" "$program"; done
else
    FAILED=1; RESULTS+=("$(printf '%-22s %-14s %-7s' '(executor)' 'udp loopback' 'FAILED')")
fi
stop_executor

echo
printf '%-22s %-14s %-7s %10s\n' "program" "transport" "result" "time"
printf '%-22s %-14s %-7s %10s\n' "-------" "---------" "------" "----"
printf '%s\n' "${RESULTS[@]}"
echo
if [[ $FAILED -eq 0 ]]; then echo "demo PASSED"; else echo "demo FAILED"; fi
exit $FAILED
