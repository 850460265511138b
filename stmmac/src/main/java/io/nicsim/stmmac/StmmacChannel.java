package io.nicsim.stmmac;

import io.nicsim.core.kernel.Napi;

/**
 * struct stmmac_channel: the NAPI contexts of one DMA channel. From napi-split (4ccb45857c2c)
 * one for RX and one for TX; before, one {@code napi} did both.
 */
public final class StmmacChannel {
  final int index;
  Napi rxNapi;
  Napi txNapi;
  /** ch->napi of 4.19: RX and TX in one poll. */
  Napi napi;

  StmmacChannel(int index) {
    this.index = index;
  }

  public Napi rxNapi() {
    return rxNapi;
  }

  public Napi txNapi() {
    return txNapi;
  }

  public Napi napi() {
    return napi;
  }
}
