#!/usr/bin/env bash
# Runs the `gpu`-tagged tests on a GPU host from the executor distribution and the test jars, without Maven.
#
#   scripts/gpu-host-tests.sh DIST_TARBALL TEST_BUNDLE_DIR REPORT_DIR [CLASS_NAME_REGEX]
#
# DIST_TARBALL     executor-distribution/target/gpurelay-executor-<version>.tar.gz (holds the Java runtime)
# TEST_BUNDLE_DIR  a folder with integration-tests/target/test-classes as test-classes/ and
#                  integration-tests/target/test-lib as test-lib/ (what `mvn package` builds)
# REPORT_DIR       where the JUnit XML reports and logs go
# CLASS_NAME_REGEX which test classes to run, e.g. '.*PinnedMemoryGpuIT' (default: every gpu-tagged class)
#
# The run requires a GPU (-Dgpurelay.requireGpu=true): a test that finds none fails instead of being skipped, so a
# host whose GPU is not visible cannot pass for a GPU run.
set -euo pipefail

dist_tarball="$1"
bundle="$2"
reports="$3"
classes="${4:-.*}"
mkdir -p "$reports"
work="$(mktemp -d -t gpurelay-gpu.XXXXXX)"
tar -xzf "$dist_tarball" -C "$work"
dist="$(echo "$work"/gpurelay-executor-*)"
java="$dist/runtime/bin/java"
jcuda="$(ls "$bundle"/test-lib/jcuda-[0-9]*.jar | head -n 1)"
jcublas="$(ls "$bundle"/test-lib/jcublas-[0-9]*.jar | head -n 1)"
jcurand="$(ls "$bundle"/test-lib/jcurand-[0-9]*.jar | head -n 1)"
jcufft="$(ls "$bundle"/test-lib/jcufft-[0-9]*.jar | head -n 1)"
console="$(ls "$bundle"/test-lib/junit-platform-console-standalone-*.jar | head -n 1)"
jcuda_natives="$(ls "$bundle"/test-lib/jcuda-natives-*.jar | head -n 1)"
wire_protocol="$(ls "$bundle"/test-lib/wire-protocol-[0-9]*.jar | head -n 1)"
# JavaCPP's core and the CUDA presets' Java classes, for the JavaCPP programs run through the agent.
javacpp="$(ls "$bundle"/test-lib/javacpp-[0-9]*.jar | grep -v linux | head -n 1)"
javacpp_natives="$(ls "$bundle"/test-lib/javacpp-[0-9]*-linux-x86_64.jar | head -n 1)"
cuda_presets="$(ls "$bundle"/test-lib/cuda-[0-9]*.jar | grep -v linux | head -n 1)"

"$java" -Dgpurelay.requireGpu=true \
    -Dgpurelay.agent.jar="$dist/lib/gpurelay-agent.jar" \
    -Dgpurelay.executor.jar="$dist/lib/gpurelay-executor.jar" \
    -Dgpurelay.jcuda.jar="$jcuda" \
    -Dgpurelay.jcublas.jar="$jcublas" \
    -Dgpurelay.jcurand.jar="$jcurand" \
    -Dgpurelay.jcufft.jar="$jcufft" \
    -Dgpurelay.jcuda.natives.jar="$jcuda_natives" \
    -Dgpurelay.wire.protocol.classes="$wire_protocol" \
    -Dgpurelay.javacpp.jar="$javacpp" \
    -Dgpurelay.javacpp.natives.jar="$javacpp_natives" \
    -Dgpurelay.cuda.presets.jar="$cuda_presets" \
    -Dgpurelay.programs.dir="$bundle/test-classes" \
    -jar "$console" execute \
    --class-path "$bundle/test-classes:$(ls "$bundle"/test-lib/*.jar | grep -v console-standalone | tr '\n' ':')" \
    --include-tag gpu --include-classname "$classes" --scan-class-path "$bundle/test-classes" \
    --reports-dir "$reports" --details tree --disable-banner --fail-if-no-tests
