package io.nicsim.core.nic;

import io.nicsim.core.net.Skb;
import io.nicsim.core.sim.InvariantViolation;

/**
 * A DMA descriptor ring shared by a driver and a DMA engine: power-of-two size, the driver's
 * {@code cur} (next to fill) and {@code dirty} (next to clean) indices with one slot always kept
 * free, and per-descriptor flag bits. A set {@link #OWN} bit means the hardware owns it.
 */
public final class DescRing {
  /** Owned by the DMA engine. */
  public static final int OWN = 1;
  /** Interrupt on completion (TX) / interrupt enabled (RX). */
  public static final int IC = 1 << 1;
  /** First segment of a frame. */
  public static final int FS = 1 << 2;
  /** Last segment of a frame. */
  public static final int LS = 1 << 3;
  /** A context descriptor (no data; carries MSS or VLAN for the following ones). */
  public static final int CTX = 1 << 4;
  /** Hardware timestamp requested. */
  public static final int TSTAMP = 1 << 5;
  /** Written back with an error status. */
  public static final int ERR = 1 << 6;

  private final String name;
  private final int size;
  private final int mask;
  private final int[] flags;
  private final int[] bufLen;
  private final Skb[] skbs;
  private final Object[] payloads;
  private final long[] payloadOffsets;
  /** Index of the next descriptor the driver fills. */
  public int cur;
  /** Index of the next descriptor the driver cleans. */
  public int dirty;
  private long ownSets;
  private long ownClears;
  /** Descriptors owned by the DMA or pointing to an skb (kept by every method that changes either). */
  private int inUse;

  public DescRing(String name, int size) {
    if (size < 2 || Integer.bitCount(size) != 1) {
      throw new IllegalArgumentException(name + ": ring size " + size + " is not a power of two");
    }
    this.name = name;
    this.size = size;
    this.mask = size - 1;
    this.flags = new int[size];
    this.bufLen = new int[size];
    this.skbs = new Skb[size];
    this.payloads = new Object[size];
    this.payloadOffsets = new long[size];
  }

  public String name() {
    return name;
  }

  public int size() {
    return size;
  }

  /** The index after {@code i}, wrapping. */
  public int next(int i) {
    return (i + 1) & mask;
  }

  /** Wraps any index into the ring. */
  public int wrap(int i) {
    return i & mask;
  }

  /** Free descriptors between dirty and cur, keeping one slot empty (stmmac_tx_avail). */
  public int avail() {
    return dirty > cur ? dirty - cur - 1 : size - cur + dirty - 1;
  }

  /** Descriptors between dirty and cur (filled, not yet cleaned). */
  public int used() {
    return (cur - dirty) & mask;
  }

  public int flags(int i) {
    return flags[i];
  }

  public boolean own(int i) {
    return (flags[i] & OWN) != 0;
  }

  public boolean has(int i, int bit) {
    return (flags[i] & bit) != 0;
  }

  /** Sets flag bits (e.g. IC) on descriptor {@code i}; OWN goes through {@link #setOwn}. */
  public void set(int i, int bits) {
    if ((bits & OWN) != 0) {
      throw new IllegalArgumentException("use setOwn to hand a descriptor to the hardware");
    }
    flags[i] |= bits;
  }

  public void clear(int i, int bits) {
    boolean was = isInUse(i);
    flags[i] &= ~bits;
    countInUse(i, was);
  }

  /** Hands descriptor {@code i} to the hardware; handing it over twice is a driver bug. */
  public void setOwn(int i) {
    if ((flags[i] & OWN) != 0) {
      throw misuse(i, "handed to the hardware twice");
    }
    if (skbs[i] == null) {
      inUse++;
    }
    flags[i] |= OWN;
    ownSets++;
  }

  /** The hardware gives descriptor {@code i} back. */
  public void releaseOwn(int i) {
    if ((flags[i] & OWN) != 0 && skbs[i] == null) {
      inUse--;
    }
    flags[i] &= ~OWN;
    ownClears++;
  }

  /** Clears a descriptor the driver has cleaned; it must not be owned by the hardware. */
  public void reset(int i) {
    if ((flags[i] & OWN) != 0) {
      throw misuse(i, "cleaned while the DMA owns it");
    }
    if (skbs[i] != null) {
      inUse--;
    }
    flags[i] = 0;
    bufLen[i] = 0;
    skbs[i] = null;
    payloads[i] = null;
    payloadOffsets[i] = 0;
  }

  public int bufLen(int i) {
    return bufLen[i];
  }

  public void setBufLen(int i, int len) {
    bufLen[i] = len;
  }

  /** The skb whose data this descriptor maps (TX: set on the last descriptor of a frame). */
  public Skb skb(int i) {
    return skbs[i];
  }

  /** Descriptors the DMA owns or that point to an skb, anywhere in the ring. */
  public int inUseCount() {
    return inUse;
  }

  /**
   * The first of {@code count} descriptors from {@code from} (wrapping) that the DMA owns or
   * that points to an skb, or -1: the audit's scan of the cleaned part of a ring, which is most
   * of it, in one loop over the arrays.
   */
  public int firstInUse(int from, int count) {
    for (int k = 0; k < count; k++) {
      int i = (from + k) & mask;
      if ((flags[i] & OWN) != 0 || skbs[i] != null) {
        return i;
      }
    }
    return -1;
  }

  public void setSkb(int i, Skb skb) {
    boolean was = isInUse(i);
    skbs[i] = skb;
    countInUse(i, was);
  }

  private boolean isInUse(int i) {
    return (flags[i] & OWN) != 0 || skbs[i] != null;
  }

  /** Updates {@link #inUse} after descriptor {@code i} changed; {@code was}: in use before. */
  private void countInUse(int i, boolean was) {
    boolean is = isInUse(i);
    if (is != was) {
      inUse += is ? 1 : -1;
    }
  }

  private InvariantViolation misuse(int i, String what) {
    return new InvariantViolation("ring " + name,
        "descriptor " + i + " " + what + " (cur " + cur + ", dirty " + dirty + ")");
  }

  /** RX: what the hardware received into this descriptor. */
  public Object payload(int i) {
    return payloads[i];
  }

  public long payloadOffset(int i) {
    return payloadOffsets[i];
  }

  public void setPayload(int i, Object payload, long offset) {
    payloads[i] = payload;
    payloadOffsets[i] = offset;
  }

  /** Descriptors handed to the hardware so far. */
  public long ownSetCount() {
    return ownSets;
  }

  /** Descriptors the hardware gave back so far. */
  public long ownClearCount() {
    return ownClears;
  }
}
