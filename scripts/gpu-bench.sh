#!/usr/bin/env bash
# Runs the full end-to-end benchmark on a GPU host from a Java runtime tarball and a bundle that
# scripts/gpu-bench-bundle.sh assembled, without Maven: local JCuda, then gpurelay over Aeron IPC and UDP on loopback
# against a gpu executor, side by side.
#
#   scripts/gpu-bench.sh JRE_TARBALL BUNDLE_DIR OUT_DIR [./gpurelay bench options, e.g. --quick]
#
# JRE_TARBALL  a Java 17+ runtime as a .tgz with one top folder holding bin/java
# BUNDLE_DIR   what scripts/gpu-bench-bundle.sh wrote
# OUT_DIR      gets results.csv, summary.txt, the charts (if the runtime can draw), logs/, host.txt and bench.out
#
# Each transport's workload is stopped after 150 s, so the whole run stays within a 10-minute slot; results.csv is
# rewritten after each transport, so a run cut short keeps what it measured.
set -euo pipefail

jre_tarball="${1:?usage: scripts/gpu-bench.sh JRE_TARBALL BUNDLE_DIR OUT_DIR [bench options]}"
bundle="${2:?usage: scripts/gpu-bench.sh JRE_TARBALL BUNDLE_DIR OUT_DIR [bench options]}"
out="${3:?usage: scripts/gpu-bench.sh JRE_TARBALL BUNDLE_DIR OUT_DIR [bench options]}"
shift 3
mkdir -p "$out"
work="$(mktemp -d -t gpurelay-gpu-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT
tar -xzf "$jre_tarball" -C "$work"
java="$(echo "$work"/*/bin/java)"

{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host: $(uname -a)"
    echo "cpus: $(nproc)"
    # UDP bandwidth depends on how large a receive buffer the kernel grants (see docs/configuration.md, UDP tuning).
    echo "net.core.rmem_max: $(cat /proc/sys/net/core/rmem_max 2>/dev/null || echo unknown)," \
         "net.core.wmem_max: $(cat /proc/sys/net/core/wmem_max 2>/dev/null || echo unknown)"
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 || true
    "$java" -version 2>&1
} >"$out/host.txt"
cat "$out/host.txt"

"$java" -Djava.awt.headless=true -jar "$bundle/gpurelay-benchmarks.jar" \
    --agent-jar "$bundle/gpurelay-agent.jar" --lib "$bundle/lib" \
    --backend gpu --results "$out" --workload-timeout PT150S "$@" 2>&1 | tee "$out/bench.out"
