package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;

/**
 * What NAPI asks of its GRO state (napi->gro_hash and rx_list; struct gro_node in 6.18): the
 * flushes {@code napi_complete_done}, busy polling and the NAPI thread make. The state itself,
 * net/core/gro.c's merging of skbs, lives with the skbs in {@code io.nicsim.core.net}; a NAPI
 * holds {@link #NONE} until its device hands it the first frame, as an empty GRO does nothing.
 */
public abstract class NapiGro {
  /** An empty GRO: nothing held, nothing waiting, every flush a no-op. */
  static final NapiGro NONE = new NapiGro() {};

  /** napi->gro_bitmask: which hash buckets hold skbs (0: nothing held). */
  protected int bitmask() {
    return 0;
  }

  /** Segments merged into held skbs so far (NAPI_GRO_CB count beyond the first). */
  protected long mergedCount() {
    return 0;
  }

  /** rx_count: skbs waiting on the GRO_NORMAL list. */
  protected int rxCount() {
    return 0;
  }

  /** skbs held or waiting on the rx list right now. */
  protected int skbsHeld() {
    return 0;
  }

  /** napi_gro_flush: completes the held skbs (with {@code flushOld}, those older than a jiffy). */
  protected void flush(boolean flushOld, Core core) {}

  /** gro_normal_list: the waiting skbs go up the stack. */
  protected void normalList(Core core) {}

  /** gro_flush_normal (6.18) / napi_gro_flush + gro_normal_list. */
  protected void flushNormal(boolean flushOld, Core core) {}

  /** napi_disable's flush_gro_hash: frees what is held. */
  protected void drop() {}
}
