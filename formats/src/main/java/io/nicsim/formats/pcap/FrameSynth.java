package io.nicsim.formats.pcap;

import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.net.Ethernet;
import io.nicsim.tcp.stack.TcpAckPacket;
import io.nicsim.tcp.stack.TcpPacket;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Synthesises frame bytes from a payload object: Ethernet II (host 02:00:00:00:00:01, peer
 * 02:00:00:00:00:02), IPv4 (10.0.0.1 ↔ 10.0.0.2, TTL 64, DF, header checksum) and the
 * transport header of the payload's type: UDP to iperf3's port 5201 for {@link UdpDatagram}
 * (the 12-byte iperf3 header carries the datagram's sequence), ICMP echo for
 * {@link IcmpEcho}, TCP with timestamp and SACK options for tcp-model's segments and ACKs
 * ({@link TcpEncoder}). Payload types without an encoder become frames of the local
 * experimental EtherType 0x88B5.
 */
public final class FrameSynth {
  static final byte[] HOST_MAC = {0x02, 0, 0, 0, 0, 0x01};
  static final byte[] PEER_MAC = {0x02, 0, 0, 0, 0, 0x02};
  static final int HOST_IP = 0x0a000001;
  static final int PEER_IP = 0x0a000002;
  /** iperf3's server port. */
  public static final int IPERF_PORT = 5201;
  /** ICMP echo identifier ping uses here. */
  public static final int PING_ID = 0x4e53;

  private final Map<Class<?>, PayloadEncoder> encoders = new LinkedHashMap<>();

  /** A synthesiser with the UDP, ICMP and TCP encoders. */
  public FrameSynth() {
    register(UdpDatagram.class, new UdpEncoder());
    register(IcmpEcho.class, new IcmpEncoder());
    TcpEncoder tcp = new TcpEncoder();
    register(TcpPacket.class, tcp);
    register(TcpAckPacket.class, tcp);
  }

  public void register(Class<?> payloadType, PayloadEncoder encoder) {
    encoders.put(payloadType, encoder);
  }

  /** Fills {@code b[0..caplen)} for a frame of skb length {@code len}. */
  public void build(byte[] b, int caplen, boolean toPeer, Object payload, long offset,
      int payloadLen, int len) {
    byte[] dst = toPeer ? PEER_MAC : HOST_MAC;
    byte[] src = toPeer ? HOST_MAC : PEER_MAC;
    byte[] eth = new byte[Ethernet.ETH_HLEN];
    System.arraycopy(dst, 0, eth, 0, 6);
    System.arraycopy(src, 0, eth, 6, 6);
    PayloadEncoder enc = payload == null ? null : encoders.get(payload.getClass());
    int etherType = enc == null ? 0x88b5 : 0x0800;
    eth[12] = (byte) (etherType >>> 8);
    eth[13] = (byte) etherType;
    copy(eth, b, 0, caplen);
    if (enc == null) {
      return;
    }
    int ipLen = len - Ethernet.ETH_HLEN;
    byte[] ip = new byte[Ethernet.IP_HLEN];
    ip[0] = 0x45;
    put16(ip, 2, ipLen);
    put16(ip, 4, (int) (offset & 0xffff));
    put16(ip, 6, 0x4000); // DF
    ip[8] = 64;
    ip[9] = (byte) enc.ipProtocol();
    put32(ip, 12, toPeer ? HOST_IP : PEER_IP);
    put32(ip, 16, toPeer ? PEER_IP : HOST_IP);
    put16(ip, 10, checksum(ip, 0, ip.length));
    copy(ip, b, Ethernet.ETH_HLEN, caplen);
    enc.encode(b, caplen, Ethernet.ETH_HLEN + Ethernet.IP_HLEN, toPeer, payload, offset,
        payloadLen);
  }

  private static void copy(byte[] src, byte[] dst, int at, int caplen) {
    int n = Math.max(0, Math.min(src.length, caplen - at));
    System.arraycopy(src, 0, dst, at, n);
  }

  /** Writes {@code src} at {@code at} within the capture length. */
  public static void put(byte[] b, int caplen, int at, byte[] src) {
    copy(src, b, at, caplen);
  }

  static void put16(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 8);
    b[at + 1] = (byte) v;
  }

  static void put32(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  /** The Internet checksum (RFC 1071) of {@code b[from..from+n)}. */
  public static int checksum(byte[] b, int from, int n) {
    long sum = 0;
    for (int i = 0; i + 1 < n; i += 2) {
      sum += ((b[from + i] & 0xff) << 8) | (b[from + i + 1] & 0xff);
    }
    if ((n & 1) != 0) {
      sum += (b[from + n - 1] & 0xff) << 8;
    }
    while ((sum >>> 16) != 0) {
      sum = (sum & 0xffff) + (sum >>> 16);
    }
    return (int) (~sum & 0xffff);
  }

  /**
   * A 20-byte TCP header (no options) for encoders of TCP payloads: ports, sequence,
   * acknowledgment, flags (0x10 ACK, 0x18 PSH|ACK, 0x02 SYN) and window; checksum left 0.
   */
  public static byte[] tcpHeader(int sport, int dport, long seq, long ack, int flags,
      int window) {
    byte[] h = new byte[Ethernet.TCP_HLEN];
    put16(h, 0, sport);
    put16(h, 2, dport);
    put32(h, 4, (int) seq);
    put32(h, 8, (int) ack);
    h[12] = (byte) (5 << 4);
    h[13] = (byte) flags;
    put16(h, 14, window);
    return h;
  }

  /** iperf3 UDP: ports 40000+flow → 5201, the datagram counter in iperf3's header. */
  private static final class UdpEncoder implements PayloadEncoder {
    @Override
    public int ipProtocol() {
      return 17;
    }

    @Override
    public void encode(byte[] b, int caplen, int l4, boolean toPeer, Object payload,
        long offset, int payloadLen) {
      int flow = ((UdpDatagram) payload).flow();
      byte[] h = new byte[Ethernet.UDP_HLEN + 12];
      int client = 40000 + flow;
      put16(h, 0, toPeer ? client : IPERF_PORT);
      put16(h, 2, toPeer ? IPERF_PORT : client);
      put16(h, 4, payloadLen + Ethernet.UDP_HLEN);
      put32(h, 8 + 8, (int) (offset + 1)); // iperf3: tv_sec, tv_usec, then the counter from 1
      // the checksum over the pseudo-header, the header and the whole payload (zeros after
      // iperf3's 12 bytes), as the stack computes it; 0 goes out as 0xffff (RFC 768)
      int inPayload = Math.min(12, payloadLen);
      byte[] sum = new byte[12 + Ethernet.UDP_HLEN + inPayload];
      put32(sum, 0, toPeer ? HOST_IP : PEER_IP);
      put32(sum, 4, toPeer ? PEER_IP : HOST_IP);
      sum[9] = 17;
      put16(sum, 10, payloadLen + Ethernet.UDP_HLEN);
      System.arraycopy(h, 0, sum, 12, Ethernet.UDP_HLEN + inPayload);
      int c = checksum(sum, 0, sum.length);
      put16(h, 6, c == 0 ? 0xffff : c);
      put(b, caplen, l4, Arrays.copyOf(h, Ethernet.UDP_HLEN + inPayload));
    }
  }

  /** ICMP echo request/reply with its checksum (the data is zeros). */
  private static final class IcmpEncoder implements PayloadEncoder {
    @Override
    public int ipProtocol() {
      return 1;
    }

    @Override
    public void encode(byte[] b, int caplen, int l4, boolean toPeer, Object payload,
        long offset, int payloadLen) {
      IcmpEcho e = (IcmpEcho) payload;
      byte[] h = new byte[Ethernet.ICMP_HLEN];
      h[0] = (byte) (e.reply() ? 0 : 8);
      put16(h, 4, PING_ID);
      put16(h, 6, (e.seq() + 1) & 0xffff);
      put16(h, 2, checksum(h, 0, h.length));
      put(b, caplen, l4, h);
    }
  }
}
