package io.nicsim.core.apps;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Task;
import org.junit.jupiter.api.Test;

/** sock_wfree's wake-up test as the kernel has it: refcount (base 1) &lt; sk_sndbuf &gt;&gt; 1. */
class UdpSocketWfreeTest {
  private final Task writer = new Task("writer") {
    @Override
    protected boolean run(Core core) {
      return false;
    }
  };

  @Test
  void exactlyHalfTheBufferChargedDoesNotWakeTheWriter() {
    // 106,496 bytes charged of 212,992: the refcount is 106,497, not below 106,496
    UdpSocket sk = new UdpSocket(UdpSocket.WMEM_DEFAULT);
    sk.restore(UdpSocket.WMEM_DEFAULT / 2 + 1280, writer);
    assertThat(sk.sockWfree(1280)).isFalse();
    assertThat(sk.wmemAlloc()).isEqualTo(UdpSocket.WMEM_DEFAULT / 2);
  }

  @Test
  void theRefcountsBaseCountsAgainstTheBuffer() {
    // 106,494 charged: refcount 106,495 < 106,496 wakes; 106,495 charged: 106,496 does not
    UdpSocket sk = new UdpSocket(UdpSocket.WMEM_DEFAULT);
    sk.restore(UdpSocket.WMEM_DEFAULT / 2 - 2 + 1280, writer);
    assertThat(sk.sockWfree(1280)).isTrue();
    sk.restore(UdpSocket.WMEM_DEFAULT / 2 - 1 + 1280, writer);
    assertThat(sk.sockWfree(1280)).isFalse();
  }

  @Test
  void anOddBufferIsHalvedDownwards() {
    // sk_sndbuf 9 >> 1 is 4: refcount 3 (2 charged) wakes, refcount 4 (3 charged) does not
    UdpSocket sk = new UdpSocket(9);
    sk.restore(2 + 100, writer);
    assertThat(sk.sockWfree(100)).isTrue();
    sk.restore(3 + 100, writer);
    assertThat(sk.sockWfree(100)).isFalse();
  }

  @Test
  void nobodyToWakeWithoutASleeper() {
    UdpSocket sk = new UdpSocket(UdpSocket.WMEM_DEFAULT);
    sk.restore(1280, null);
    assertThat(sk.sockWfree(1280)).isFalse();
    assertThat(sk.wmemAlloc()).isZero();
  }
}
