package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.kernel.HarnessKernel;
import org.junit.jupiter.api.Test;

/** try_bulk_dequeue_skb stops at the quota's budget from 0345552a653c, at BQL's room before. */
class BulkDequeueBudgetTest {

  private static int bulkPackets(String kernel, int budget) {
    HarnessKernel hk = HarnessKernel.forRelease(kernel);
    SkbLedger ledger = new SkbLedger();
    NetDevice dev = new NetDevice(hk.kernel, "eth0", 1, ledger);
    NetdevQueue txq = dev.queue(0);
    txq.dql().adjLimit = 1 << 20; // room for every skb queued
    txq.dql().numQueued = 0;
    PfifoFast q = new PfifoFast(hk.kernel, 1000);
    q.txq = txq;
    for (int i = 0; i < 6; i++) {
      q.enqueue(ledger.alloc(1514, 2304));
    }
    DevXmit xmit = dev.xmit();
    Skb first = q.dequeue();
    xmit.resetPackets();
    xmit.tryBulkDequeueSkb(q, first, txq, budget);
    return xmit.dequeuedPackets();
  }

  @Test
  void aBulkDequeueTakesNoMoreThanTheBudget() {
    assertThat(bulkPackets("6.12.118", 2)).isEqualTo(3);
    assertThat(bulkPackets("6.1.192", 2)).isEqualTo(3);
    assertThat(bulkPackets("6.18.19", 1)).isEqualTo(2);
  }

  @Test
  void beforeTheChangeOnlyBqlsRoomStopsIt() {
    assertThat(bulkPackets("6.17", 2)).isEqualTo(6);
    assertThat(bulkPackets("6.6", 2)).isEqualTo(6);
  }
}
