/**
 * JCuda's PTX compiler binding, {@code JNvPTXCompiler}: its module and remote implementation.
 */
package io.gpurelay.agent.jcuda.nvptxcompiler;
