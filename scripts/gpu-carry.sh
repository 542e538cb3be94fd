#!/usr/bin/env bash
# Packs what scripts/gpu-host-tests.sh needs on a GPU host into DEST as two xz tarballs small enough to travel with
# the working tree: the executor distribution (its Java runtime without the optional class-data-sharing archives) and
# the integration tests' classes and libraries (without the pool registry's cluster jars, which no gpu test uses).
# The larger jars are stored uncompressed inside, so that xz compresses across their entries.
#
#   scripts/gpu-carry.sh DEST      (build first: mvn -B -DskipTests install)
#
# On the GPU host (no JDK needed):
#   mkdir d b && tar -xJf DEST/dist.tar.xz -C d && tar -xJf DEST/bundle.tar.xz -C b && tar -czf dist.tar.gz -C d .
#   scripts/gpu-host-tests.sh dist.tar.gz b REPORTS [CLASS_NAME_REGEX]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${1:?usage: scripts/gpu-carry.sh DEST}"
mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$dest" "$work/bundle"
tar -xzf "$ROOT"/executor-distribution/target/gpurelay-executor-*.tar.gz -C "$work"
find "$work" -name '*.jsa' -delete
cp -r "$ROOT/integration-tests/target/test-classes" "$ROOT/integration-tests/target/test-lib" "$work/bundle/"
rm -f "$work"/bundle/test-lib/aeron-cluster-*.jar "$work"/bundle/test-lib/aeron-archive-*.jar \
      "$work"/bundle/test-lib/byte-buddy-*.jar
store() {
    local jar="$1" x
    x="$(mktemp -d)"
    (cd "$x" && unzip -q "$jar" && rm -f "$jar" && zip -q -0 -r -X "$jar" .)
    rm -rf "$x"
}
for jar in "$work"/gpurelay-executor-*/lib/*.jar "$work"/bundle/test-lib/jcuda-natives-*.jar \
           "$work"/bundle/test-lib/cuda-*-linux-x86_64.jar; do
    store "$jar"
done
(cd "$work" && tar -cf - gpurelay-executor-* | xz -T2 >"$dest/dist.tar.xz")
(cd "$work/bundle" && tar -cf - test-classes test-lib | xz -T2 >"$dest/bundle.tar.xz")
du -ch "$dest"/*.tar.xz | tail -n 1
