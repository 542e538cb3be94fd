/**
 * OpenGL interop for JCuda: graphics resources copied through host memory, read and written through LWJGL or JOGL
 * where the program has one.
 */
package io.gpurelay.agent.jcuda.gl;
