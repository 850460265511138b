package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import org.junit.jupiter.api.Test;

/** tcp_may_update_window across the zero-window-update change (800a666141de, v6.6). */
class WindowUpdateTest {

  private static TcpSock sock(String kernel) {
    TcpSock sk = new TcpSock(null, new TcpSysctl(),
        TcpPatches.CATALOG.forKernel(KernelVersion.parse(kernel)), null);
    sk.sndUna = 1000;
    sk.sndWl1 = 500;
    sk.sndWnd = 65535;
    return sk;
  }

  @Test
  void aZeroWindowAtTheSameAckSeqUpdatesTheWindowFrom6_6Only() {
    // ack == snd_una, ack_seq == snd_wl1, nwin 0 below snd_wnd: only the new term can say yes
    assertThat(TcpInput.mayUpdateWindow(sock("v6.1.192"), 1000, 500, 0)).isFalse();
    assertThat(TcpInput.mayUpdateWindow(sock("v6.5"), 1000, 500, 0)).isFalse();
    assertThat(TcpInput.mayUpdateWindow(sock("v6.6"), 1000, 500, 0)).isTrue();
    assertThat(TcpInput.mayUpdateWindow(sock("v6.12.118"), 1000, 500, 0)).isTrue();
    assertThat(TcpInput.mayUpdateWindow(sock("v6.18.19"), 1000, 500, 0)).isTrue();
  }

  @Test
  void theOtherTermsDecideAlikeInEveryEra() {
    for (String k : new String[] {"v6.1.192", "v6.12.118"}) {
      TcpSock sk = sock(k);
      assertThat(TcpInput.mayUpdateWindow(sk, 1001, 500, 0)).isTrue(); // ack advances
      assertThat(TcpInput.mayUpdateWindow(sk, 1000, 501, 0)).isTrue(); // newer segment
      assertThat(TcpInput.mayUpdateWindow(sk, 1000, 500, 65536)).isTrue(); // larger window
      assertThat(TcpInput.mayUpdateWindow(sk, 1000, 500, 100)).isFalse(); // smaller, not zero
      assertThat(TcpInput.mayUpdateWindow(sk, 1000, 499, 0)).isFalse(); // older segment
    }
  }

  @Test
  void debians6_1LacksThePatchAndTheLaterTreesHaveIt() {
    assertThat(TcpPatches.CATALOG.forKernel(KernelVersion.parse("v6.1.192"))
        .has(TcpPatches.ZERO_WINDOW_UPDATE)).isFalse();
    assertThat(TcpPatches.CATALOG.forKernel(KernelVersion.parse("v6.12.118"))
        .has(TcpPatches.ZERO_WINDOW_UPDATE)).isTrue();
  }
}
