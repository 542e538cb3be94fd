#!/bin/bash
# Builds and runs the probe on a GPU host with the CUDA toolkit, writing its results to the folder given (default
# ./results), then packs the CUDA headers whose algorithms the emulator follows next to them.
set -e
cd "$(dirname "$0")"
out="${1:-results}"
mkdir -p "$out"
nvcc --version | tail -2
nvcc -O2 -std=c++17 -o /tmp/probe probe.cu -lcublas -lcurand
OUT="$out" /tmp/probe
inc=$(dirname "$(find / -name curand_kernel.h -path '*include*' 2>/dev/null | head -1)")
echo "headers from $inc"
tar czf "$out/headers.tgz" -C "$inc" $(cd "$inc" && ls curand*.h cublas_api.h cublas_v2.h library_types.h 2>/dev/null | grep -v precalc)
