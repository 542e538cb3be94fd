/**
 * JCuda's adapters: what reads and writes JCuda's {@code Pointer} and handle classes (host ranges behind a pointer,
 * pinned memory a pointer designates, pointer arrays, pitched copies, registrations, texture and interop calls),
 * beside the modules of each JCuda library in the packages below. The {@code agent-jcuda} module: on agent-core and
 * JCuda only, never JavaCPP.
 */
package io.gpurelay.agent.jcuda;
