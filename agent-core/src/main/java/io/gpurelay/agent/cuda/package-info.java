/**
 * CUDA logic both bindings share, on addresses and handles rather than on either binding's pointer classes: host
 * ranges and their copies, pinned, mapped and managed host memory, the function table's calls, pointer attributes, PCI
 * bus ids and library versions. It names no class of JCuda or JavaCPP: it lives in {@code agent-core}, which has
 * neither on its class path.
 */
package io.gpurelay.agent.cuda;
