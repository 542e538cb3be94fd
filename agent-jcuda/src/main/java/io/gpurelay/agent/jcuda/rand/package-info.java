/**
 * JCuda's cuRAND binding, {@code JCurand}: its module and remote implementation.
 */
package io.gpurelay.agent.jcuda.rand;
