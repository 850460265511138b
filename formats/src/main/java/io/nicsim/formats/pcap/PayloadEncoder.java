package io.nicsim.formats.pcap;

/**
 * Writes the transport header (and the start of the data) of one payload type into a frame
 * whose Ethernet and IPv4 headers {@link FrameSynth} wrote. tcp-model's runner registers one
 * for its segments ({@link FrameSynth#tcpHeader} does the bytes).
 */
public interface PayloadEncoder {

  /** The IPv4 protocol number (1 ICMP, 6 TCP, 17 UDP). */
  int ipProtocol();

  /**
   * @param b the frame buffer; write only below {@code caplen}
   * @param l4 offset of the transport header
   * @param toPeer direction: host → peer or back
   * @param offset the payload's stream offset of this frame (sequence)
   * @param payloadLen the transport payload bytes
   */
  void encode(byte[] b, int caplen, int l4, boolean toPeer, Object payload, long offset,
      int payloadLen);
}
