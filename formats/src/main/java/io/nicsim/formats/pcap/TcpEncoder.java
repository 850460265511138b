package io.nicsim.formats.pcap;

import io.nicsim.core.net.Ethernet;
import io.nicsim.tcp.TcpAckSeg;
import io.nicsim.tcp.stack.TcpAckPacket;
import io.nicsim.tcp.stack.TcpFlow;
import io.nicsim.tcp.stack.TcpPacket;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * tcp-model's frames: data segments (host → peer) and pure ACKs (peer → host) of an iperf3
 * upload, ports 40000+flow → 5201, the model's sequence and acknowledgment numbers, and the
 * options the frame length carries: NOP, NOP, timestamps (zero values), and on ACKs NOP, NOP
 * and the SACK blocks. Flows are numbered in the order their first frame is written.
 */
final class TcpEncoder implements PayloadEncoder {
  private static final int FLAG_ACK = 0x10;
  private static final int TS_OPTIONS = 12;
  private final Map<TcpFlow, Integer> flows = new IdentityHashMap<>();

  @Override
  public int ipProtocol() {
    return 6;
  }

  @Override
  public void encode(byte[] b, int caplen, int l4, boolean toPeer, Object payload, long offset,
      int payloadLen) {
    byte[] h;
    if (payload instanceof TcpPacket p) {
      int port = 40000 + flowIndex(p.flow());
      h = header(port, FrameSynth.IPERF_PORT, p.seqAt(offset), 1, 0xffff, 0);
    } else {
      TcpAckPacket a = (TcpAckPacket) payload;
      TcpAckSeg seg = a.seg();
      int port = 40000 + flowIndex(a.flow());
      h = header(FrameSynth.IPERF_PORT, port, 1, seg.ack, Math.min(seg.window >>> 7, 0xffff),
          seg.numSacks);
      int at = Ethernet.TCP_HLEN + TS_OPTIONS;
      for (int i = 0; i < seg.numSacks; i++) {
        FrameSynth.put32(h, at + 4 + 8 * i, seg.sackStart[i]);
        FrameSynth.put32(h, at + 8 + 8 * i, seg.sackEnd[i]);
      }
    }
    FrameSynth.put(b, caplen, l4, h);
  }

  private int flowIndex(TcpFlow f) {
    Integer i = flows.get(f);
    if (i == null) {
      i = flows.size();
      flows.put(f, i);
    }
    return i;
  }

  /** Base header plus timestamp option (and the SACK option's kind and length). */
  private static byte[] header(int sport, int dport, long seq, long ack, int window,
      int sacks) {
    int optLen = TS_OPTIONS + (sacks > 0 ? 4 + 8 * sacks : 0);
    byte[] base = FrameSynth.tcpHeader(sport, dport, seq, ack, FLAG_ACK, window);
    byte[] h = new byte[base.length + optLen];
    System.arraycopy(base, 0, h, 0, base.length);
    h[12] = (byte) ((h.length / 4) << 4);
    int o = base.length;
    h[o] = 1;
    h[o + 1] = 1;
    h[o + 2] = 8;
    h[o + 3] = 10;
    if (sacks > 0) {
      o += TS_OPTIONS;
      h[o] = 1;
      h[o + 1] = 1;
      h[o + 2] = 5;
      h[o + 3] = (byte) (2 + 8 * sacks);
    }
    return h;
  }
}
