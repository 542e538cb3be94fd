/**
 * JavaCPP's CUDA presets: one module per preset class ({@code cudart}, {@code cublas}, {@code cufft}, {@code curand},
 * {@code nvrtc}) giving every overload of a remoted function one generic body, on the same calls JCuda's modules make.
 * The {@code agent-javacpp} module: on agent-core and JavaCPP only, never JCuda.
 */
package io.gpurelay.agent.javacpp;
