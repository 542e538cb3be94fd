#!/usr/bin/env bash
# Assembles what scripts/gpu-bench.sh needs on a GPU host without Maven: the agent, the benchmarks jars and their
# libraries (JCuda's natives and JavaCPP's CUDA presets included; JMH's left out, the micro-benchmarks need no GPU).
#
#   scripts/gpu-bench-bundle.sh DEST_DIR
#
# Build first: mvn -B -DskipTests install (or ./gpurelay build). A Java runtime travels beside the bundle, as a tarball.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${1:?usage: scripts/gpu-bench-bundle.sh DEST_DIR}"
target="$ROOT/benchmarks/target"
for artifact in "$ROOT/agent/target/gpurelay-agent.jar" "$target/gpurelay-benchmarks.jar" \
                "$target/gpurelay-benchmarks-workload.jar" "$target/lib"; do
    [[ -e "$artifact" ]] || { echo "gpu-bench-bundle: $artifact is missing: build first" >&2; exit 2; }
done
rm -rf "$dest"
mkdir -p "$dest/lib"
cp "$ROOT/agent/target/gpurelay-agent.jar" "$target/gpurelay-benchmarks.jar" "$target/gpurelay-benchmarks-workload.jar" \
   "$dest/"
find "$target/lib" -name '*.jar' ! -name 'jmh-core-*' ! -name 'jopt-simple-*' ! -name 'commons-math3-*' \
    -exec cp {} "$dest/lib/" \;
du -sh "$dest"
