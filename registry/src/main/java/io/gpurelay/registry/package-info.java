/**
 * The pool registry as its users see it: the client that executors (reports), agents (placements) and operators (the
 * pool view) open a session to the registry's cluster with, the members' endpoints, and the records that travel: an
 * executor's report of its devices and load, a placement of devices on executors, and the pool as the leader saw it.
 */
package io.gpurelay.registry;
