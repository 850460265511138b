package io.nicsim.tcp;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.urange;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harness for net/ipv4/tcp.c's {@code tcp_xmit_size_goal} (with
 * tcp.h's {@code tcp_bound_to_half_wnd} from the tree inside it) beside
 * {@link TcpSendmsg#xmitSizeGoal}; the C is {@code nicsim/portexec/tcp/tcp_c.c}.
 */
public final class TcpSendmsgHarnesses implements PortHarnessProvider {
  static final String TCP_C = "net/ipv4/tcp.c";

  /** The record (tcp_c.c's layout): the arguments, then the socket fields read and written. */
  static final List<InputField> FIELDS = List.of(
      urange("mss_now", 1, 0xFFFF_FFFFL).withEdges(1448, 1460, 536, 1000),
      bool("large_allowed"),
      u32("sk_gso_max_size").withEdges(65_215, 65_536, 65_535, 524_280, 0x7fff_ffffL,
          0x8000_0000L),
      u16("sk_gso_max_segs").withEdges(64, 45),
      u16("gso_segs").withEdges(45, 44, 46, 65),
      u32("max_window").withEdges(536, 537, 1072, 1073, 65_535, 131_070, 131_071),
      u16("tcp_header_len").withEdges(20, 32, 68, 69));

  @Override
  public List<PortHarness> harnesses() {
    List<String> src = new ArrayList<>(List.of(TCP_C, "include/net/tcp.h", "include/linux/tcp.h",
        "include/uapi/linux/tcp.h"));
    src.addAll(KernelHeaders.ARITHMETIC);
    return List.of(PortHarness.of(TCP_C, "tcp_xmit_size_goal").sources(src)
        .program(PortHarness.resource(TcpSendmsgHarnesses.class, "nicsim/portexec/tcp/tcp_c.c"))
        .inputs(FIELDS)
        .notes("mss_now at least 1 (tcp_current_mss never gives 0); sk_gso_max_size is the"
            + " socket's (since v5.18 the device's less MAX_TCP_HEADER + 1)")
        .java(kernel -> {
          PatchSet patches = TcpHarnesses.patches(kernel);
          return (JavaPort) r -> run(patches, r);
        })
        .build());
  }

  /**
   * The inverse of {@link #run}'s record → socket, for {@code --ports c}
   * ({@link TcpSizeGoalNative}): the live socket's fields and the call's arguments into
   * {@code r}, {@link #FIELDS}' layout.
   */
  static void capture(TcpSock tp, int mssNow, boolean largeAllowed, long[] r) {
    r[0] = Integer.toUnsignedLong(mssNow);
    r[1] = largeAllowed ? 1 : 0;
    r[2] = Integer.toUnsignedLong(tp.skGsoMaxSize);
    r[3] = tp.skGsoMaxSegs & 0xFFFF;
    r[4] = tp.gsoSegs & 0xFFFF;
    r[5] = Integer.toUnsignedLong(tp.maxWindow);
    r[6] = tp.sysctl.tcpHeaderLen & 0xFFFF;
  }

  /** Record → socket → tcp_xmit_size_goal → its answer and gso_segs. */
  static String run(PatchSet patches, long[] r) {
    TcpSysctl sysctl = new TcpSysctl();
    sysctl.tcpHeaderLen = (int) r[6];
    TcpSock tp = new TcpSock(null, sysctl, patches, null);
    tp.skGsoMaxSize = (int) r[2];
    tp.skGsoMaxSegs = (int) r[3];
    tp.gsoSegs = (int) r[4];
    tp.maxWindow = (int) r[5];
    int ret = TcpSendmsg.xmitSizeGoal(tp, (int) r[0], r[1] != 0);
    return new Out().u32("ret", ret).put("gso_segs", tp.gsoSegs).toString();
  }
}
