/**
 * JCuda's runtime API, {@code jcuda.runtime.JCuda}: its module and the remote implementation of its natives, with
 * device selection and CUDA arrays.
 */
package io.gpurelay.agent.jcuda.runtime;
