/**
 * cuBLAS logic both bindings share: host-device transfers, pointer modes, compute types, status texts, and rotg and
 * rotmg, which cuBLAS computes on the host.
 */
package io.gpurelay.agent.cuda.blas;
