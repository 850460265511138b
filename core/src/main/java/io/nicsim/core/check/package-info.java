/**
 * Invariant checks that are too costly per packet: a periodic audit of a host (skb
 * conservation, the driver's rings, NAPI and hrtimer state, socket memory) that a run switches
 * on by default and a benchmark switches off.
 */
package io.nicsim.core.check;
