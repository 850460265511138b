package io.nicsim.core.nic;

/** Decides when a received frame raises the RX interrupt. */
public interface RxModeration {

  /** A frame was written back; {@code ic} tells whether its descriptor asked for an interrupt. */
  void frameReceived(boolean ic);

  /** Interrupt raised by this moderation so far. */
  long interrupts();
}
