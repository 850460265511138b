package io.nicsim.formats.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.UdpDatagram;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** The libpcap container and the synthesised headers, byte by byte. */
class PcapWriterTest {

  private static ByteBuffer write(long time, boolean toPeer, Object payload, long offset,
      int payloadLen, int len) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PcapWriter w = new PcapWriter(out, new FrameSynth());
    w.frame(time, toPeer, payload, offset, payloadLen, len);
    assertThat(w.frames()).isEqualTo(1);
    return ByteBuffer.wrap(out.toByteArray());
  }

  private static int u16(ByteBuffer b, int at) {
    return ((b.get(at) & 0xff) << 8) | (b.get(at + 1) & 0xff);
  }

  private static long u32(ByteBuffer b, int at) {
    return ((long) u16(b, at) << 16) | u16(b, at + 2);
  }

  @Test
  void globalHeaderIsNanosecondLibpcapOverEthernet() {
    ByteBuffer b = write(0, true, new UdpDatagram(0), 0, 64, 106).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(b.getInt(0)).isEqualTo(0xa1b23c4d);
    assertThat(b.getShort(4)).isEqualTo((short) 2);
    assertThat(b.getShort(6)).isEqualTo((short) 4);
    assertThat(b.getInt(16)).isEqualTo(PcapWriter.SNAPLEN);
    assertThat(b.getInt(20)).isEqualTo(1);
  }

  @Test
  void recordHeaderCarriesSecondsNanosecondsAndLengths() {
    ByteBuffer b = write(3_000_000_123L, true, new UdpDatagram(0), 0, 1458, 1500)
        .order(ByteOrder.LITTLE_ENDIAN);
    assertThat(b.getInt(24)).isEqualTo(3);
    assertThat(b.getInt(28)).isEqualTo(123);
    assertThat(b.getInt(32)).isEqualTo(PcapWriter.SNAPLEN); // captured
    assertThat(b.getInt(36)).isEqualTo(1500); // on the wire
    assertThat(b.limit()).isEqualTo(24 + 16 + PcapWriter.SNAPLEN);
  }

  @Test
  void iperf3DatagramIsEthernetIpv4UdpToPort5201() {
    ByteBuffer b = write(0, true, new UdpDatagram(2), 41, 64, 106);
    int f = 40;
    // Ethernet: peer ← host, IPv4
    assertThat(b.get(f + 5)).isEqualTo((byte) 2);
    assertThat(b.get(f + 11)).isEqualTo((byte) 1);
    assertThat(u16(b, f + 12)).isEqualTo(0x0800);
    int ip = f + 14;
    assertThat(b.get(ip) & 0xff).isEqualTo(0x45);
    assertThat(u16(b, ip + 2)).isEqualTo(106 - 14);
    assertThat(b.get(ip + 8) & 0xff).isEqualTo(64);
    assertThat(b.get(ip + 9) & 0xff).isEqualTo(17);
    assertThat(u32(b, ip + 12)).isEqualTo(0x0a000001L);
    assertThat(u32(b, ip + 16)).isEqualTo(0x0a000002L);
    byte[] hdr = new byte[20];
    b.get(ip, hdr);
    assertThat(FrameSynth.checksum(hdr, 0, 20)).as("IPv4 header checksum verifies").isZero();
    int udp = ip + 20;
    assertThat(u16(b, udp)).isEqualTo(40002);
    assertThat(u16(b, udp + 2)).isEqualTo(FrameSynth.IPERF_PORT);
    assertThat(u16(b, udp + 4)).isEqualTo(64 + 8);
    // iperf3's datagram counter starts at 1
    assertThat(u32(b, udp + 8 + 8)).isEqualTo(42);
    // the UDP checksum is set and verifies over the pseudo-header, header and whole payload
    assertThat(u16(b, udp + 6)).isNotZero();
    byte[] pseudo = new byte[12 + 8 + 64];
    b.get(ip + 12, pseudo, 0, 8);
    pseudo[9] = 17;
    pseudo[10] = 0;
    pseudo[11] = (byte) (64 + 8);
    b.get(udp, pseudo, 12, 8 + 64);
    assertThat(FrameSynth.checksum(pseudo, 0, pseudo.length)).as("UDP checksum verifies").isZero();
  }

  @Test
  void echoRequestAndReplyHaveTypeSequenceAndAValidChecksum() {
    for (boolean reply : new boolean[] {false, true}) {
      ByteBuffer b = write(0, !reply, new IcmpEcho(6, 0, reply), 0, 64, 98);
      int ip = 40 + 14;
      assertThat(b.get(ip + 9) & 0xff).isEqualTo(1);
      assertThat(u32(b, ip + 12)).isEqualTo(reply ? 0x0a000002L : 0x0a000001L);
      int icmp = ip + 20;
      assertThat(b.get(icmp) & 0xff).isEqualTo(reply ? 0 : 8);
      assertThat(u16(b, icmp + 4)).isEqualTo(FrameSynth.PING_ID);
      assertThat(u16(b, icmp + 6)).isEqualTo(7);
      byte[] msg = new byte[64];
      b.get(icmp, msg);
      assertThat(FrameSynth.checksum(msg, 0, 64)).as("ICMP checksum verifies").isZero();
    }
  }

  @Test
  void shortFramesArePaddedToTheEthernetMinimum() {
    ByteBuffer b = write(0, true, new UdpDatagram(0), 0, 16, 58).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(b.getInt(32)).isEqualTo(60);
    assertThat(b.getInt(36)).isEqualTo(60);
  }

  @Test
  void unknownPayloadsUseTheLocalExperimentalEtherType() {
    ByteBuffer b = write(0, true, "opaque", 0, 100, 142);
    assertThat(u16(b, 40 + 12)).isEqualTo(0x88b5);
  }

  @Test
  void tcpHeaderHelperLaysOutPortsSequenceAndFlags() {
    byte[] h = FrameSynth.tcpHeader(40000, 5201, 0xfffffffeL + 3, 7, 0x18, 512);
    ByteBuffer b = ByteBuffer.wrap(h);
    assertThat(u16(b, 0)).isEqualTo(40000);
    assertThat(u16(b, 2)).isEqualTo(5201);
    assertThat(u32(b, 4)).isEqualTo(1L); // u32 wrap
    assertThat(u32(b, 8)).isEqualTo(7L);
    assertThat(b.get(12) & 0xff).isEqualTo(0x50);
    assertThat(b.get(13) & 0xff).isEqualTo(0x18);
    assertThat(u16(b, 14)).isEqualTo(512);
  }
}
