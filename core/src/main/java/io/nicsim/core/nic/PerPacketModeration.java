package io.nicsim.core.nic;

/** No moderation: every frame whose descriptor has IC raises the interrupt. */
public final class PerPacketModeration implements RxModeration {
  private final Runnable raise;
  private long interrupts;

  public PerPacketModeration(Runnable raise) {
    this.raise = raise;
  }

  @Override
  public void frameReceived(boolean ic) {
    if (ic) {
      interrupts++;
      raise.run();
    }
  }

  @Override
  public long interrupts() {
    return interrupts;
  }
}
