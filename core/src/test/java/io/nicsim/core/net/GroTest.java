package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.kernel.NetCorePatches;
import io.nicsim.core.testkit.KernelKit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** GRO as dev_gro_receive / tcp_gro_receive decide, and the gro_normal batch. */
class GroTest {
  private static final long US = 1_000;
  private static final int MSS = 1448;

  /** A TCP data frame's header as tcp_gro_receive compares it. */
  record Seg(int flow, long headerKey, boolean psh) implements GroSegment {
    @Override
    public boolean groPsh(Skb skb) {
      return psh;
    }

    @Override
    public int groHeaderLen(Skb skb) {
      return 66;
    }

    @Override
    public int groFlow(Skb skb) {
      return flow;
    }

    @Override
    public long groHeaderKey(Skb skb) {
      return headerKey;
    }
  }

  record Up(long seq, int len, int segs, boolean psh, long at, int handedToGro) {}

  private final KernelKit k = KernelKit.plain();
  private final SkbLedger ledger = new SkbLedger();
  private final List<Up> up = new ArrayList<>();
  private final ArrayDeque<Skb> rx = new ArrayDeque<>();
  private int handed;
  private NetDevice dev;
  private Napi napi;

  private void setUp(KernelVersion v) {
    k.kernel.setNetCore(NetCorePatches.forKernel(v));
    dev = new NetDevice(k.kernel, "eth0", 1, ledger);
    dev.setRxHandler((skb, core) -> {
      up.add(new Up(skb.payloadOffset, skb.payloadLen, skb.gsoSegs, skb.tcpPsh, core.cursor(), handed));
      skb.free();
    });
    napi = new Napi(k.kernel, "rx", "eth0", (n, budget) -> {
      int work = 0;
      while (work < budget && !rx.isEmpty()) {
        handed++;
        dev.receive(n, rx.pollFirst());
        work++;
      }
      if (work < budget) {
        n.completeDone(work);
      }
      return work;
    }, 64);
    napi.enable();
  }

  private Skb data(long seq, int len, boolean psh, long key) {
    Skb s = ledger.alloc(len + 66, len + 1000);
    s.payload = new Seg(7, key, psh);
    s.payloadOffset = seq;
    s.payloadLen = len;
    s.tcpPsh = psh;
    return s;
  }

  private Skb udp() {
    Skb s = ledger.alloc(100, 900);
    s.payload = "udp";
    return s;
  }

  private void pollNow(long at) {
    k.inHardirq(at, 0, napi::napiSchedule);
  }

  @Test
  void inOrderFullSegmentsMergeUntilPsh() {
    setUp(KernelVersion.of(6, 12));
    for (int i = 0; i < 5; i++) {
      rx.add(data((long) i * MSS, MSS, i == 4, 1));
    }
    pollNow(0);
    k.runUntil(100 * US);
    assertThat(up).hasSize(1);
    assertThat(up.get(0).segs()).isEqualTo(5);
    assertThat(up.get(0).len()).isEqualTo(5 * MSS);
    assertThat(up.get(0).psh()).isTrue();
    assertThat(napi.groMergedCount()).isEqualTo(4);
    assertThat(ledger.live()).isZero();
  }

  @Test
  void aGapAChangedHeaderOrALongerSegmentEndsTheMerge() {
    setUp(KernelVersion.of(6, 12));
    rx.add(data(0, MSS, false, 1));
    rx.add(data(MSS, MSS, false, 1));
    rx.add(data(3L * MSS, MSS, false, 1)); // a gap: the held skb goes up, this one is held
    rx.add(data(4L * MSS, MSS, false, 2)); // another TSval: the same again
    rx.add(data(5L * MSS, MSS, false, 2));
    rx.add(data(6L * MSS, 500, false, 2)); // short: merged, and the merge ends
    pollNow(0);
    k.runUntil(100 * US);
    assertThat(up).extracting(Up::seq).containsExactly(0L, 3L * MSS, 4L * MSS);
    assertThat(up).extracting(Up::segs).containsExactly(2, 1, 3);
    assertThat(up.get(2).len()).isEqualTo(2 * MSS + 500);
  }

  @Test
  void mergingStopsBelow64KB() {
    setUp(KernelVersion.of(6, 12));
    for (int i = 0; i < 50; i++) {
      rx.add(data((long) i * MSS, MSS, false, 1));
    }
    pollNow(0);
    k.runUntil(100 * US);
    // 45 * 1448 + 66 < 65536 <= 46 * 1448 + 66: 45 segments per skb
    assertThat(up).extracting(Up::segs).containsExactly(45, 5);
  }

  @Test
  void withAGroFlushTimeoutThisJiffysSkbsWaitForTheWatchdogPoll() {
    setUp(KernelVersion.of(6, 12));
    napi.setConfig(0L, 300 * US, null);
    rx.add(data(0, MSS, false, 1));
    rx.add(data(MSS, MSS, false, 1));
    pollNow(0);
    k.runUntil(5 * US);
    assertThat(up).as("held across the completion (napi_gro_flush(n, true))").isEmpty();
    k.runUntil(20_000 * US);
    // the watchdog's empty poll: no work, so no timeout, and everything is flushed
    assertThat(up).hasSize(1);
    assertThat(up.get(0).segs()).isEqualTo(2);
    assertThat(up.get(0).at()).isGreaterThanOrEqualTo(300 * US);
  }

  @Test
  void gronormalSkbsGoUpInBatchesOfEightFromV55AndAtOnceBefore() {
    setUp(KernelVersion.of(6, 12));
    for (int i = 0; i < 10; i++) {
      rx.add(udp());
    }
    pollNow(0);
    k.runUntil(100 * US);
    assertThat(up).hasSize(10);
    // the first 8 leave when the 8th is queued, the last 2 at napi_complete_done
    assertThat(up).extracting(Up::handedToGro).containsExactly(8, 8, 8, 8, 8, 8, 8, 8, 10, 10);

    GroTest old = new GroTest();
    old.setUp(KernelVersion.of(5, 4));
    for (int i = 0; i < 3; i++) {
      old.rx.add(old.udp());
    }
    old.pollNow(0);
    old.k.runUntil(100 * US);
    assertThat(old.up).extracting(Up::handedToGro).containsExactly(1, 2, 3);
  }
}
