package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.kernel.HarnessKernel;
import org.junit.jupiter.api.Test;

/**
 * __qdisc_run out of quota: a lockless qdisc (pfifo_fast) gets the MISSED bit, which
 * qdisc_run_end turns into __netif_schedule; a locked one is scheduled at once.
 */
class QdiscRunMissedTest {
  private final HarnessKernel hk = HarnessKernel.forRelease("6.12.118");
  private final NetDevice dev = new NetDevice(hk.kernel, "eth0", 1, new SkbLedger());
  private final DevXmit xmit = dev.xmit();

  private int sends = 2;

  QdiscRunMissedTest() {
    // two qdisc_restart calls send 40 packets each: the second exhausts the quota of 64; the
    // qdisc is empty after them (net_tx_action's run finds nothing)
    xmit.restart = (q, budget) -> {
      if (sends == 0) {
        return false;
      }
      sends--;
      xmit.setPackets(40);
      return true;
    };
  }

  @Test
  void aLocklessQdiscIsLeftMissedNotScheduled() {
    PfifoFast q = new PfifoFast(hk.kernel, 1000);
    q.txq = dev.queue(0);
    xmit.qdiscRestartLoop(q);
    assertThat(q.missed).isTrue();
    assertThat(q.isScheduled()).isFalse();
  }

  @Test
  void qdiscRunEndReschedulesTheMissedQdisc() {
    PfifoFast q = new PfifoFast(hk.kernel, 1000);
    q.txq = dev.queue(0);
    hk.inTask(() -> {
      xmit.qdiscRun(q);
      assertThat(q.missed).isFalse();
      assertThat(q.isScheduled()).isTrue();
    });
  }
}
