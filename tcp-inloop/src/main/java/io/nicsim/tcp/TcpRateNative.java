package io.nicsim.tcp;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * tcp_rate.c's {@code tcp_rate_skb_sent} (after each transmit) and
 * {@code tcp_rate_check_app_limited} (at each write) as the tree's C on a live socket
 * ({@code --ports c}): the tcp_rate.c harness inverted. The socket goes in as
 * {@link TcpHarnesses#captureSock} writes it (the congestion modules' socket record), then the
 * skb's send time and delivery snapshot; what the functions write comes back: the skb's
 * {@code tx} snapshot and the socket's {@code first_tx_mstamp}/{@code delivered_mstamp}, or
 * {@code app_limited}. Neither calls anything.
 */
final class TcpRateNative implements TcpRateHook {
  static final String SKB_SENT = "net/ipv4/tcp_rate.c tcp_rate_skb_sent";
  static final String APP_LIMITED = "net/ipv4/tcp_rate.c tcp_rate_check_app_limited";

  private static final long FIRST_TX = NativeOut.id("first_tx_mstamp");
  private static final long DELIVERED_MSTAMP = NativeOut.id("delivered_mstamp");
  private static final long APP_LIMITED_FIELD = NativeOut.id("app_limited");
  private static final long SKB_FIRST_TX = NativeOut.id("skb.tx.first_tx_mstamp");
  private static final long SKB_DELIVERED_MSTAMP = NativeOut.id("skb.tx.delivered_mstamp");
  private static final long SKB_DELIVERED = NativeOut.id("skb.tx.delivered");
  private static final long SKB_APP_LIMITED = NativeOut.id("skb.tx.is_app_limited");

  private static final int N = TcpHarnesses.SOCK_FIELDS.size();

  private final NativePort sent;
  private final NativePort appLimited;
  private final long[] in = new long[N + TcpHarnesses.RATE_FIELDS.size()];

  private final InLoopPorts ports;

  TcpRateNative(NativePort sent, NativePort appLimited, InLoopPorts ports) {
    this.sent = sent;
    this.appLimited = appLimited;
    this.ports = ports;
  }

  @Override
  public boolean skbSent(TcpSock sk, TcpSkb skb) {
    if (sent == null) {
      return false;
    }
    Arrays.fill(in, 0L);
    TcpHarnesses.captureSock(sk, in);
    in[N] = skb.skbMstampNs;
    in[N + 1] = Seq.u32(skb.endSeq);
    in[N + 2] = skb.sacked & 0xFF;
    in[N + 3] = skb.txFirstTxMstamp;
    in[N + 4] = skb.txDeliveredMstamp;
    in[N + 5] = Seq.u32(skb.txDelivered);
    in[N + 6] = skb.txIsAppLimited ? 1 : 0;
    NativeOut o = noCalls(sent, sent.call(in));
    skb.txFirstTxMstamp = field(sent, o, SKB_FIRST_TX);
    skb.txDeliveredMstamp = field(sent, o, SKB_DELIVERED_MSTAMP);
    skb.txDelivered = (int) field(sent, o, SKB_DELIVERED);
    skb.txIsAppLimited = field(sent, o, SKB_APP_LIMITED) != 0;
    sk.firstTxMstamp = field(sent, o, FIRST_TX);
    sk.deliveredMstamp = field(sent, o, DELIVERED_MSTAMP);
    return true;
  }

  @Override
  public boolean checkAppLimited(TcpSock sk) {
    if (appLimited == null) {
      return false;
    }
    if (sk.sysctl.skbTruesize1 != 1 + 256 + 320) {
      ports.ranAsJava(APP_LIMITED, "SKB_TRUESIZE(1) is not the harness C's 577");
      return false;
    }
    Arrays.fill(in, 0L);
    TcpHarnesses.captureSock(sk, in);
    NativeOut o = noCalls(appLimited, appLimited.call(in));
    sk.appLimited = (int) field(appLimited, o, APP_LIMITED_FIELD);
    return true;
  }

  /** The C's output, checked to hold no call (these functions call nothing). */
  private NativeOut noCalls(NativePort c, NativeOut o) {
    while (o.next()) {
      if (o.kind() == NativeOut.CALL) {
        throw NativeFailure.cannotApply(c, in, o);
      }
    }
    return o;
  }

  /** Field {@code id} of the C's output. */
  private long field(NativePort c, NativeOut o, long id) {
    try {
      return o.field(id);
    } catch (IllegalStateException e) {
      throw new NativeFailure(c.function() + "'s C (" + c.file() + ") printed no such field ("
          + e.getMessage() + ") on " + NativeFailure.record(c, in));
    }
  }
}
