/**
 * JCuda's NVRTC binding, {@code JNvrtc}: its module and remote implementation.
 */
package io.gpurelay.agent.jcuda.nvrtc;
