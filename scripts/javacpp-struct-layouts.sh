#!/usr/bin/env bash
# Writes agent-javacpp/src/main/resources/io/gpurelay/agent/javacpp/cuda-struct-layouts.txt: the size of every struct
# class of JavaCPP's CUDA presets and the offset and C type of every member its accessors reach, taken from the CUDA
# headers by a C++ program that this script generates from the presets jar, compiles and runs. The agent gives the
# struct classes' native accessors Java bodies from that file, so a JavaCPP program needs no CUDA library on the client.
#
#   scripts/javacpp-struct-layouts.sh [CUDA_HOME]          (default /usr/local/cuda)
#
# Needs a JDK (JAVA_HOME or java on the PATH), g++, the CUDA headers, and the presets jars in ~/.m2 (the versions the
# root pom names). Members the headers lack (a presets version newer than the headers) are reported and left out;
# struct classes of presets whose headers the toolkit lacks (cuBLAS without cublasLt.h, ...) are listed as skipped.
# Check the result against the presets' own native library on a GPU host with StructLayoutCheck (docs/remoted.md, "Struct classes").
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cuda_home="${1:-/usr/local/cuda}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
repository="${MAVEN_REPOSITORY:-$HOME/.m2/repository}"
javacpp_version="$(sed -n 's:.*<javacpp.version>\(.*\)</javacpp.version>.*:\1:p' "$root/pom.xml")"
cuda_version="$(sed -n 's:.*<javacpp.cuda.version>\(.*\)</javacpp.cuda.version>.*:\1:p' "$root/pom.xml")"
javacpp_jar="$repository/org/bytedeco/javacpp/$javacpp_version/javacpp-$javacpp_version.jar"
cuda_jar="$repository/org/bytedeco/cuda/$cuda_version/cuda-$cuda_version.jar"
output="$root/agent-javacpp/src/main/resources/io/gpurelay/agent/javacpp/cuda-struct-layouts.txt"
for jar in "$javacpp_jar" "$cuda_jar"; do
    [ -f "$jar" ] || { echo "missing $jar (resolve the project's dependencies first)" >&2; exit 1; }
done

# The packages whose struct classes are laid out, and the headers each needs.
declare -A headers=(
    [org.bytedeco.cuda.cudart]="cuda.h cuda_runtime.h cuda_fp16.h cuda_bf16.h"
    [org.bytedeco.cuda.cublas]="cublas_v2.h cublasLt.h cublasXt.h"
    [org.bytedeco.cuda.curand]="curand.h"
    [org.bytedeco.cuda.nvrtc]="nvrtc.h"
)
packages=(org.bytedeco.cuda.cudart org.bytedeco.cuda.cublas org.bytedeco.cuda.curand org.bytedeco.cuda.nvrtc)
includes=""
headerless=""
for package in "${packages[@]}"; do
    present=true
    for header in ${headers[$package]}; do
        [ -f "$cuda_home/include/$header" ] || present=false
    done
    if $present; then
        for header in ${headers[$package]}; do includes+="#include <$header>"$'\n'; done
    else
        echo "no headers for $package in $cuda_home/include (${headers[$package]}): its struct classes are skipped" >&2
        headerless+="${headerless:+,}$package"
    fi
done

work="$(mktemp -d -t javacpp-struct-layouts.XXXXXX)"
trap 'rm -rf "$work"' EXIT
generate() {
{
    echo "$includes"
    cat <<'CPP'
#include <cstddef>
#include <cstdio>
#include <type_traits>
#include <utility>

template<typename T, typename = void> struct complete : std::false_type {};
template<typename T> struct complete<T, std::void_t<decltype(sizeof(T))>> : std::true_type {};

template<typename E, bool = std::is_enum<E>::value> struct signed_enum : std::false_type {};
template<typename E> struct signed_enum<E, true> : std::is_signed<typename std::underlying_type<E>::type> {};

template<typename E> const char* kind()
{
    if (std::is_same<E, bool>::value) return "b";
    if (std::is_floating_point<E>::value) return "f";
    if (std::is_pointer<E>::value) return "p";
    if (std::is_enum<E>::value) return signed_enum<E>::value ? "s" : "u";
    if (std::is_integral<E>::value) return std::is_signed<E>::value ? "s" : "u";
    if (std::is_class<E>::value || std::is_union<E>::value) return "r";
    return "?";
}

/** The type a pointer member points to: its kind and size, v0 for void, functions and incomplete types. */
template<typename P> void pointee(typename std::enable_if<complete<P>::value && !std::is_void<P>::value>::type* = 0)
{
    std::printf(">%s%zu", kind<typename std::remove_cv<P>::type>(), sizeof(P));
}
template<typename P> void pointee(typename std::enable_if<!(complete<P>::value && !std::is_void<P>::value)>::type* = 0)
{
    std::printf(">v0");
}

template<typename M> void emit(const char* javaClass, const char* member, size_t offset)
{
    typedef typename std::remove_cv<typename std::remove_all_extents<M>::type>::type E;
    std::printf("member %s %s %zu %s%zu", javaClass, member, offset, kind<E>(), sizeof(E));
    if (std::is_array<M>::value)
    {
        std::printf("[%zu]", sizeof(M) / sizeof(E));
    }
    if (std::is_pointer<E>::value)
    {
        typedef typename std::remove_pointer<E>::type P;
        if (std::is_function<P>::value) std::printf(">v0"); else pointee<P>();
    }
    std::printf("\n");
}

template<typename T> void structure(const char* javaClass, const char* cType, bool noOffset)
{
    std::printf("struct %s %s %zu %zu%s\n", javaClass, cType, sizeof(T), alignof(T), noOffset ? " nooffset" : "");
}

static void skip(const char* javaClass, const char* reason)
{
    std::printf("skip %s %s\n", javaClass, reason);
}

static void missing(const char* javaClass, const char* member)
{
    std::fprintf(stderr, "not in the headers, left out: %s.%s\n", javaClass, member);
    std::printf("# not in the headers: %s %s\n", javaClass, member);
}
CPP
    HEADERLESS_PACKAGES="$headerless" MISSING_TYPES="$missing_types" "$java" -cp "$javacpp_jar:$cuda_jar" "$root/scripts/JavaCppStructMembers.java" \
        "$cuda_jar" "${packages[@]}"
    cat <<'CPP'
int main()
{
    all();
    return 0;
}
CPP
} > "$work/layouts.cpp"

}

# A struct type that a newer presets version has and these headers lack fails to compile: it is reported, listed as
# skipped, and the program generated again without it.
missing_types=""
for attempt in 1 2 3 4 5; do
    generate
    if g++ -std=c++17 -w -I"$cuda_home/include" -o "$work/layouts" "$work/layouts.cpp" 2> "$work/errors"; then
        break
    fi
    undeclared="$(sed -n "s/.*error: .\([A-Za-z_0-9]*\). was not declared in this scope.*/\1/p" "$work/errors" | sort -u)"
    if [ -z "$undeclared" ] || [ "$attempt" = 5 ]; then
        cat "$work/errors" >&2
        exit 1
    fi
    for type in $undeclared; do
        echo "struct type not in the headers, its class is skipped: $type" >&2
        missing_types+="${missing_types:+,}$type"
    done
done
cuda_header_version="$(sed -n 's/^#define CUDA_VERSION \([0-9]*\).*/\1/p' "$cuda_home/include/cuda.h")"
mkdir -p "$(dirname "$output")"
{
    cat <<EOF2
# Layouts of the struct classes of JavaCPP's CUDA presets (org.bytedeco:cuda:$cuda_version), from the headers of
# CUDA $cuda_header_version (x86_64 Linux, LP64). Written by scripts/javacpp-struct-layouts.sh; do not edit.
#
#   struct JAVA_CLASS C_TYPE SIZE ALIGNMENT [nooffset]
#   member JAVA_CLASS C_MEMBER OFFSET TYPE
#   skip JAVA_CLASS REASON...
#
# C_MEMBER is the member's C name as the accessors name it (a path such as res.linear.devPtr for nested unions).
# TYPE is KIND SIZE, then [LENGTH] for an array of LENGTH such elements, then >KIND SIZE for what a pointer points to.
# KIND: s signed integer or enum, u unsigned integer or enum, b bool, f floating point, p pointer, r struct or union,
# v (after >) void, a function or an incomplete type. nooffset: JavaCPP registers only the size of this class (it is
# annotated @NoOffset), not its members' offsets. skip: not a struct class (opaque handle, function pointer) or no
# header for it. A "# not in the headers" comment names a member the presets have and these headers lack.
EOF2
    "$work/layouts"
} > "$output"
echo "wrote $output: $(grep -c '^struct ' "$output") structs, $(grep -c '^member ' "$output") members, $(grep -c '^skip ' "$output") skipped, $(grep -c '^# not in the headers' "$output") members not in the headers" >&2
