package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.testkit.KernelKit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BulkDequeueTest {
  private final KernelKit k = KernelKit.plain();
  private final SkbLedger skbs = new SkbLedger();
  private final NetDevice dev = new NetDevice(k.kernel, "eth0", 1, skbs);
  private final List<Boolean> xmitMore = new ArrayList<>();
  private final List<Long> sentIds = new ArrayList<>();
  private boolean completeAtOnce = true;

  BulkDequeueTest() {
    dev.setOps(new NetDeviceOps() {
      @Override
      public void open() {}

      @Override
      public void stop() {}

      @Override
      public int startXmit(Skb skb, NetdevQueue txq) {
        xmitMore.add(k.kernel.netdevXmitMore());
        sentIds.add(skb.id());
        if (dev.bql()) {
          txq.sentQueue(skb.len);
          if (completeAtOnce) {
            txq.completedQueue(1, skb.len);
          }
        }
        skb.free();
        return NetdevTx.NETDEV_TX_OK;
      }
    });
  }

  private Skb skb() {
    return skbs.alloc(1000, 1500);
  }

  @Test
  void anEmptyQdiscIsBypassedAndTheDriverSeesNoXmitMore() {
    k.inTask(0, 0, () -> {
      dev.queueXmit(skb());
      dev.queueXmit(skb());
    });
    k.runUntil(1_000_000);
    assertThat(xmitMore).containsExactly(false, false);
    assertThat(dev.xmit().directXmitCount()).isEqualTo(2);
  }

  @Test
  void bulkDequeueGivesXmitMoreToAllButTheLastSkbOfABatch() {
    NetdevQueue txq = dev.queue(0);
    completeAtOnce = false;
    // let BQL learn a limit big enough for a batch
    txq.dql().queued(100_000);
    txq.dql().completed(100_000);
    k.inTask(0, 0, () -> {
      txq.stop();
      for (int i = 0; i < 5; i++) {
        dev.queueXmit(skb());
      }
      assertThat(xmitMore).isEmpty();
    });
    k.inTask(1_000_000, 0, txq::wake);
    k.runUntil(2_000_000);
    // the skb requeued by the failed direct send goes alone, then one bulk batch of four
    assertThat(xmitMore).containsExactly(false, true, true, true, false);
    assertThat(dev.xmit().bulkBatchCount()).isEqualTo(1);
    assertThat(sentIds).isSorted();
  }

  @Test
  void withoutBqlTheQdiscSendsOneSkbAtATime() {
    dev.setBql(false);
    NetdevQueue txq = dev.queue(0);
    k.inTask(0, 0, () -> {
      txq.stop();
      for (int i = 0; i < 4; i++) {
        dev.queueXmit(skb());
      }
    });
    k.inTask(1_000_000, 0, txq::wake);
    k.runUntil(2_000_000);
    assertThat(xmitMore).containsExactly(false, false, false, false);
  }

  @Test
  void aDestructorRunsExactlyOnceAndASecondFreeIsRefused() {
    int[] calls = {0};
    Skb s = skb();
    s.destructor = x -> calls[0]++;
    s.free();
    assertThat(calls[0]).isEqualTo(1);
    assertThatThrownBy(s::free).isInstanceOf(io.nicsim.core.sim.InvariantViolation.class)
        .hasMessageContaining("freed twice");
    assertThat(calls[0]).isEqualTo(1);
    assertThat(skbs.live()).isZero();
  }

  /**
   * netdev_tx_completed_queue reschedules the qdisc through netif_schedule_queue, which leaves it
   * alone while the driver keeps the queue stopped (DRV_XOFF): BQL clearing STACK_XOFF is not
   * enough (the port scheduled it anyway).
   */
  @Test
  void bqlRestartingAQueueTheDriverStoppedDoesNotScheduleTheQdisc() {
    NetdevQueue txq = dev.queue(0);
    boolean[] scheduled = new boolean[2];
    k.inTask(0, 0, () -> {
      txq.sentQueue(3000); // limit 0: BQL stops the queue
      assertThat(txq.xmitStopped()).isTrue();
      txq.stop(); // the driver's ring is full too
      txq.completedQueue(2, 3000);
      scheduled[0] = txq.qdisc().isScheduled();
      txq.start();
      txq.sentQueue(6000);
      txq.completedQueue(4, 6000);
      scheduled[1] = txq.qdisc().isScheduled();
    });
    k.runUntil(1_000_000);
    assertThat(scheduled[0]).as("driver still stopped").isFalse();
    assertThat(scheduled[1]).as("driver running again").isTrue();
  }
}
