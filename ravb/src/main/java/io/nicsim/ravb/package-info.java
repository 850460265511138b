/**
 * The Renesas Ethernet AVB / RZ/G2L GbEth (ravb) MAC model: the ported driver paths that decide
 * when work is done and interrupts come back (ravb_poll, the GbEth and R-Car RX paths, TX
 * completion, the queue interrupt and its mask writes, ravb_start_xmit's ring and queue stop,
 * the probe's software-coalescing and threaded-NAPI defaults). The hardware has no interrupt
 * moderation: one RX and one TX status bit per frame. Depends on core only.
 */
package io.nicsim.ravb;
