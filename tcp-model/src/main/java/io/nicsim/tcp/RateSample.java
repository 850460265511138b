package io.nicsim.tcp;

/**
 * {@code struct rate_sample}: one delivery-rate sample built while an ACK is processed. One
 * instance per socket is reset for each ACK ({@code struct rate_sample rs = { .prior_delivered =
 * 0 }} zero-fills every field).
 */
public final class RateSample {
  /** Starting timestamp for the interval (tx.delivered_mstamp of the sampled skb), us. */
  public long priorMstamp;
  /** tp->delivered when the sampled skb was sent. */
  public int priorDelivered;
  /** Packets delivered over interval_us; -1 if invalid. */
  public int delivered;
  /** Time for tp->delivered to grow by delivered, us; -1 if invalid. */
  public long intervalUs;
  public long sndIntervalUs;
  public long rcvIntervalUs;
  /** RTT of the last (S)ACKed packet, us; -1 if none. */
  public long rttUs;
  /** Packets newly marked lost. */
  public int losses;
  /** Packets newly (S)ACKed. */
  public int ackedSacked;
  /** Packets in flight before this ACK. */
  public int priorInFlight;
  /** end_seq of the most recently sent skb among those (S)ACKed. */
  public int lastEndSeq;
  public boolean isAppLimited;
  public boolean isRetrans;
  public boolean isAckDelayed;

  /** Zero-fill, as the kernel's designated initialiser does. */
  public void clear() {
    priorMstamp = 0;
    priorDelivered = 0;
    delivered = 0;
    intervalUs = 0;
    sndIntervalUs = 0;
    rcvIntervalUs = 0;
    rttUs = 0;
    losses = 0;
    ackedSacked = 0;
    priorInFlight = 0;
    lastEndSeq = 0;
    isAppLimited = false;
    isRetrans = false;
    isAckDelayed = false;
  }
}
