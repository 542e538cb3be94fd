#!/usr/bin/env bash
# How much CPU a running executor uses while idle, its worker processes included, as a share of one core.
#
#   scripts/idle-cpu.sh PID [SECONDS]
#
# Reads utime and stime of the process and of its descendants from /proc/<pid>/stat before and after SECONDS
# (default 10) and prints, e.g.: "executor pid 4242 (+2 child processes): 1.3 % of one core over 10 s".
# Start the executor, let it get ready, connect no client, then run this.
set -euo pipefail

pid="${1:?usage: scripts/idle-cpu.sh PID [SECONDS]}"
seconds="${2:-10}"
[[ -r "/proc/$pid/stat" ]] || { echo "no process $pid (this needs Linux's /proc)" >&2; exit 1; }
ticks_per_second="$(getconf CLK_TCK)"

tree() {
    local p="$1" child
    echo "$p"
    for child in $(cat /proc/"$p"/task/*/children 2>/dev/null); do tree "$child"; done
}

ticks() {
    local total=0 p fields
    for p in $(tree "$pid"); do
        # The command name (field 2) may hold spaces: read the fields after its closing parenthesis.
        fields="$(sed 's/^.*) //' /proc/"$p"/stat 2>/dev/null)" || continue
        set -- $fields
        total=$((total + ${12} + ${13}))
    done
    echo "$total"
}

children=$(($(tree "$pid" | wc -l) - 1))
start_ticks="$(ticks)"
start_ns="$(date +%s%N)"
sleep "$seconds"
used=$(($(ticks) - start_ticks))
elapsed_ns=$(($(date +%s%N) - start_ns))
awk -v used="$used" -v hz="$ticks_per_second" -v ns="$elapsed_ns" -v pid="$pid" -v children="$children" \
    -v s="$seconds" 'BEGIN { printf "executor pid %d (+%d child processes): %.2f %% of one core over %s s\n",
    pid, children, 100 * used / hz / (ns / 1e9), s }'
