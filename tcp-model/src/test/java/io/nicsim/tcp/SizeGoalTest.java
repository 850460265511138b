package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * sk_gso_max_size and tcp_xmit_size_goal across "net: Adjust sk_gso_max_size once when set"
 * (ab14f1802cfb, v5.18): sk_setup_caps stores the device's gso_max_size less MAX_TCP_HEADER + 1
 * once, and tcp_xmit_size_goal and tcp_tso_autosize take sk_gso_max_size as it is.
 */
class SizeGoalTest {

  private static TcpSock sock(String kernel) {
    return new TcpSock(null, new TcpSysctl(),
        TcpPatches.CATALOG.select(KernelVersion.parse(kernel), List.of()), null);
  }

  @Test
  void theSocketHoldsTheDevicesSizeLessTheHeaderRoomSinceV518() {
    assertThat(sock("6.12.118").skGsoMaxSize).isEqualTo(65_536 - 321);
    assertThat(sock("6.1.192").skGsoMaxSize).isEqualTo(65_215);
    assertThat(sock("5.17").skGsoMaxSize).isEqualTo(65_536);
  }

  @Test
  void theGoalStartsFromTheSocketsSizeAsItIs() {
    TcpSock tp = sock("6.12.118");
    tp.skGsoMaxSize = 65_215;
    // 65215 / 1000 = 65 segments (not (65215 - 321) / 1000 = 64)
    assertThat(TcpSendmsg.xmitSizeGoal(tp, 1000, true)).isEqualTo(65_000);
    assertThat(tp.gsoSegs).isEqualTo(65);
  }

  @Test
  void beforeTheChangeTheGoalSubtractsTheHeaderRoomItself() {
    TcpSock tp = sock("5.17");
    assertThat(TcpSendmsg.xmitSizeGoal(tp, 1000, true)).isEqualTo(65_000);
    assertThat(tp.gsoSegs).isEqualTo(65);
  }

  @Test
  void goalsAreUnsignedAndGsoSegsAU16() {
    TcpSock tp = sock("6.12.118");
    tp.skGsoMaxSize = 0x1_0001;
    tp.skGsoMaxSegs = 0xFFFF;
    // 65537 / 1 segments, kept to its low 16 bits by min_t(u16, ...): 1
    assertThat(TcpSendmsg.xmitSizeGoal(tp, 1, true)).isEqualTo(1);
    assertThat(tp.gsoSegs).isEqualTo(1);
    assertThat(TcpSendmsg.xmitSizeGoal(tp, 1448, false)).isEqualTo(1448);
  }
}
