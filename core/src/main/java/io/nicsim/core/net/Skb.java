package io.nicsim.core.net;

import io.nicsim.core.sim.InvariantViolation;

/**
 * A socket buffer: what the driver and the qdisc see of a packet. {@code len} counts the bytes
 * from the Ethernet header on (no FCS); a GSO skb carries {@code gsoSegs} segments of
 * {@code gsoSize} payload bytes behind {@code hdrLen} header bytes. The payload object describes
 * the packet to the far end (a ping's sequence, a TCP flow and byte range).
 */
public final class Skb {
  final long id;
  public int len;
  public int truesize;
  public int gsoSegs = 1;
  public int gsoSize;
  public int hdrLen;
  /** skb_shinfo(skb)->nr_frags: page fragments besides the linear head. */
  public int nrFrags;
  /**
   * skb_frag_size of each fragment, or {@code null}: the model's convention, {@code nrFrags}
   * equal shares of {@code payloadLen} (see {@link #fragSize}).
   */
  public int[] fragSizes;
  /** skb_shinfo(skb)->gso_type (SKB_GSO_TCPV4, ...); meaningful when {@code gsoSize != 0}. */
  public int gsoType;
  /** skb->ip_summed: CHECKSUM_NONE (0), _UNNECESSARY (1), _COMPLETE (2), _PARTIAL (3). */
  public int ipSummed;
  /** skb_vlan_tag_present: a VLAN tag to insert on transmit. */
  public boolean vlanTagPresent;
  /** skb_transport_offset: bytes before the L4 header (Ethernet + IPv4 without options). */
  public int transportOffset = 34;
  /** SKBTX_IN_PROGRESS: the driver has the hardware timestamping this skb. */
  public boolean tstampInProgress;
  public Object payload;
  /** Offset of this skb's data in the payload's byte stream (TCP sequence offset). */
  public long payloadOffset;
  /** Payload bytes this skb carries (all segments). */
  public int payloadLen;
  /** skb->sk: the owning socket object, or null. */
  public Object sk;
  public SkbDestructor destructor;
  public int queueMapping;
  /** SKBTX_HW_TSTAMP requested. */
  public boolean hwTstamp;
  /** skb->tstamp: the earliest departure time (EDT), ns, 0 = now. */
  public long tstamp;
  /** skb->priority. */
  public int priority;
  /**
   * skb->napi_id: the NAPI that received it (skb_mark_napi_id in napi_gro_receive); sockets
   * copy it (sk_mark_napi_id) and busy polling polls that NAPI. 0 = none.
   */
  public int napiId;
  /** The TCP PSH flag of received data (GRO ORs it into the merged skb, tcp_gro_receive). */
  public boolean tcpPsh;
  /** List link for qdisc bulk dequeue and GSO segment lists. */
  public Skb next;
  boolean freed;
  private final SkbLedger ledger;

  Skb(SkbLedger ledger, long id) {
    this.ledger = ledger;
    this.id = id;
  }

  /** An id unique within the simulation, shown as skbaddr in traces. */
  public long id() {
    return id;
  }

  public boolean isGso() {
    return gsoSegs > 1;
  }

  /** SKB_GSO_TCPV4. */
  public static final int SKB_GSO_TCPV4 = 1 << 0;
  /** SKB_GSO_TCPV6. */
  public static final int SKB_GSO_TCPV6 = 1 << 4;
  /** SKB_GSO_UDP_L4. */
  public static final int SKB_GSO_UDP_L4 = 1 << 17;
  /** CHECKSUM_PARTIAL. */
  public static final int CHECKSUM_PARTIAL = 3;

  /** skb_frag_size of fragment {@code i}. */
  public int fragSize(int i) {
    return fragSizes != null ? fragSizes[i] : payloadLen / nrFrags;
  }

  /** skb->data_len: the bytes in fragments. */
  public int dataLen() {
    int n = 0;
    for (int i = 0; i < nrFrags; i++) {
      n += fragSize(i);
    }
    return n;
  }

  /** skb_headlen: the bytes of the linear head. */
  public int headlen() {
    return len - dataLen();
  }

  public boolean isFreed() {
    return freed;
  }

  /**
   * consume_skb / kfree_skb: runs the destructor exactly once. Freeing twice is a bug in the
   * model and stops the run.
   */
  public void free() {
    if (freed) {
      throw new InvariantViolation("skb", "skb " + id + " freed twice");
    }
    freed = true;
    ledger.freed(this);
    SkbDestructor d = destructor;
    if (d != null) {
      destructor = null;
      d.destruct(this);
    }
  }

  @Override
  public String toString() {
    return "skb#" + id + "{len=" + len + ", segs=" + gsoSegs + ", truesize=" + truesize + "}";
  }
}
