package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * tcp_tso_should_defer's "when is the next ACK due" test, before and after 295ce1eb36ae
 * ("tcp: fix tcp_tso_should_defer() vs large RTT", v6.18; 6.1.158, 6.12.55).
 */
class TsoDeferTest {
  private final ManualHost host = new ManualHost();

  /**
   * srtt 10 ms, the rtx head sent 7 ms ago, one segment of cwnd room, a 3-segment skb at the
   * write queue's tail: the ACK is due in 3 ms, more than min(srtt/2, 1 ms) away, so the kernel
   * sends; the old rule (head sent less than srtt/2 ago? no: defer) held it back.
   */
  private TcpSock deferCase(int major, int minor) {
    TcpSock sk = host.socket(new Cubic(), ManualHost.patches(major, minor), new TcpSysctl(),
        10_000);
    sk.srttUs = 10_000 << 3;
    sk.sndCwnd = 10;
    sk.packetsOut = 9;
    sk.sndWnd = 1 << 30;
    host.now = 100_000_000L;
    sk.mstampRefresh();
    sk.tcpWstampNs = host.now; // the last write was now: the 1 ms burst test lets it defer
    TcpSkb head = new TcpSkb();
    head.skbMstampNs = host.now - 7_000_000L;
    sk.rtxQueue.addTail(head);
    TcpSkb skb = new TcpSkb();
    skb.seq = sk.sndNxt;
    skb.len = 3 * sk.mssCache;
    skb.endSeq = skb.seq + skb.len;
    skb.pcount = 3;
    sk.writeQueue.addTail(skb);
    return sk;
  }

  private static boolean shouldDefer(TcpSock sk) {
    boolean[] cwndLimited = new boolean[1];
    boolean[] rwndLimited = new boolean[1];
    return TcpOutput.tsoShouldDefer(sk, sk.writeQueue.tail(), cwndLimited, rwndLimited, 45);
  }

  @Test
  void theAckDueIn3msOf10msIsTooFarToWaitFor() {
    assertThat(shouldDefer(deferCase(6, 18))).as("v6.18: ACK due in 3 ms > 1 ms").isFalse();
  }

  @Test
  void beforeTheFixTheHeadSentLessThanHalfSrttAgoDeferred() {
    assertThat(shouldDefer(deferCase(6, 17))).as("v6.17: head sent 7 ms ago >= srtt/2").isTrue();
  }

  @Test
  void theStableLinesCarryTheFix() {
    assertThat(ManualHost.patches(6, 17).has(TcpPatches.TSO_DEFER_EXPECTED_ACK)).isFalse();
    assertThat(TcpPatches.CATALOG.select(KernelVersion.of(6, 1, 158),
        List.of()).has(TcpPatches.TSO_DEFER_EXPECTED_ACK)).isTrue();
    assertThat(TcpPatches.CATALOG.select(KernelVersion.of(6, 1, 157),
        List.of()).has(TcpPatches.TSO_DEFER_EXPECTED_ACK)).isFalse();
    assertThat(TcpPatches.CATALOG.select(KernelVersion.of(6, 12, 55),
        List.of()).has(TcpPatches.TSO_DEFER_EXPECTED_ACK)).isTrue();
  }

  /** The ACK due within the threshold: both rules defer a cwnd-limited skb. */
  @Test
  void anAckDueWithinAMillisecondIsWaitedFor() {
    TcpSock sk = deferCase(6, 18);
    sk.rtxQueue.head().skbMstampNs = host.now - 9_500_000L; // ACK due in 0.5 ms
    boolean[] cwndLimited = new boolean[1];
    assertThat(TcpOutput.tsoShouldDefer(sk, sk.writeQueue.tail(), cwndLimited, new boolean[1],
        45)).isTrue();
    assertThat(cwndLimited[0]).isTrue();
  }
}
