package io.nicsim.tcp;

/**
 * One TCP send-side skb with its control block ({@code struct tcp_skb_cb}): the payload range,
 * truesize, TSO segmentation, SACK scoreboard bits and the delivery-rate snapshot taken when it
 * was sent. Payload bytes are not modelled, only their count.
 *
 * <p>An skb lives on at most one of the write queue or the retransmit queue ({@link #next}/
 * {@link #prev}) and, once sent, on the time-sorted sent list ({@link #tsNext}/{@link #tsPrev})
 * that RACK walks.
 */
public final class TcpSkb {
  /* TCP_SKB_CB(skb)->sacked bits (include/net/tcp.h) */
  public static final int TCPCB_SACKED_ACKED = 0x01;
  public static final int TCPCB_SACKED_RETRANS = 0x02;
  public static final int TCPCB_LOST = 0x04;
  public static final int TCPCB_TAGBITS = 0x07;
  public static final int TCPCB_REPAIRED = 0x10;
  public static final int TCPCB_EVER_RETRANS = 0x80;
  /** As include/net/tcp.h defines it, REPAIRED included (TCP repair is not modelled). */
  public static final int TCPCB_RETRANS = TCPCB_SACKED_RETRANS | TCPCB_EVER_RETRANS
      | TCPCB_REPAIRED;

  /* tcp_flags */
  public static final int TCPHDR_FIN = 0x01;
  public static final int TCPHDR_SYN = 0x02;
  public static final int TCPHDR_PSH = 0x08;
  public static final int TCPHDR_ACK = 0x10;

  /** First sequence number. */
  public int seq;
  /** seq + len (+1 for FIN). */
  public int endSeq;
  /** Payload bytes (skb->len of the headerless TCP skb). */
  public int len;
  /** skb->truesize: head allocation plus payload page frags. */
  public int truesize;
  /** tcp_skb_pcount: segments this skb counts for. */
  public int pcount;
  /** TCP_SKB_CB(skb)->tcp_gso_size: 0 for a one-segment skb, else the MSS. */
  public int tcpGsoSize;
  public int sacked;
  public int tcpFlags = TCPHDR_ACK;
  public boolean eor;
  /** skb->skb_mstamp_ns: earliest departure time given at the last (re)transmit. */
  public long skbMstampNs;

  /* TCP_SKB_CB(skb)->tx: delivery-rate snapshot taken by tcp_rate_skb_sent() */
  public long txFirstTxMstamp;
  public long txDeliveredMstamp;
  public int txDelivered;
  public boolean txIsAppLimited;

  /**
   * Transmitted clones of this skb still alive below TCP ({@code skb_fclone_busy()}): a clone
   * in a qdisc or driver ring that has not been freed, or consumed by software GSO.
   */
  public int clonesInHost;

  /* write queue / retransmit queue links */
  TcpSkb prev;
  TcpSkb next;
  /* tp->tsorted_sent_queue links */
  TcpSkb tsPrev;
  TcpSkb tsNext;
  boolean onTsorted;

  /** tcp_skb_timestamp_us(skb). */
  public long timestampUs() {
    return Long.divideUnsigned(skbMstampNs, 1000L); // div_u64(skb_mstamp_ns, NSEC_PER_USEC)
  }

  /** tcp_skb_mss(skb). */
  public int mss() {
    return tcpGsoSize;
  }

  /** skb_fclone_busy(): a transmitted clone is still queued in the host. */
  public boolean fcloneBusy() {
    return clonesInHost > 0;
  }

  public TcpSkb next() {
    return next;
  }

  public TcpSkb prev() {
    return prev;
  }

  @Override
  public String toString() {
    return "skb[" + Seq.u32(seq) + ".." + Seq.u32(endSeq) + " pcount=" + pcount
        + " sacked=0x" + Integer.toHexString(sacked) + "]";
  }
}
