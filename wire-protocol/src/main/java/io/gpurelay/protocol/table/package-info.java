/**
 * The function table: one row per plain CUDA function that gpurelay remotes without hand-written code, naming its
 * binding, the context it runs in, its stream order and each argument's role, so that the agent encodes and the
 * executor decodes every such call from its row alone; sizes of the device ranges a function touches are expressions
 * of its scalar arguments.
 */
package io.gpurelay.protocol.table;
