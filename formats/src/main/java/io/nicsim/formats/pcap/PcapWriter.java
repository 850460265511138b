package io.nicsim.formats.pcap;

import io.nicsim.core.nic.FrameTap;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * Writes the frames a link carries as a libpcap file (nanosecond timestamps, magic
 * 0xa1b23c4d, LINKTYPE_ETHERNET), headers synthesised from the payload objects by
 * {@link FrameSynth}. Each record captures at most {@link #SNAPLEN} bytes (headers and the
 * start of the payload) and gives the frame's full length, like {@code tcpdump -s 128}.
 */
public final class PcapWriter implements FrameTap {
  /** Bytes captured per frame. */
  public static final int SNAPLEN = 128;
  private static final int LINKTYPE_ETHERNET = 1;

  private final OutputStream out;
  private final FrameSynth synth;
  private final byte[] frame = new byte[SNAPLEN];
  private final byte[] header = new byte[16];
  private long frames;

  public PcapWriter(OutputStream out, FrameSynth synth) {
    this.out = out;
    this.synth = synth;
    byte[] g = new byte[24];
    putLe32(g, 0, 0xa1b23c4d);
    putLe16(g, 4, 2);
    putLe16(g, 6, 4);
    putLe32(g, 8, 0); // thiszone
    putLe32(g, 12, 0); // sigfigs
    putLe32(g, 16, SNAPLEN);
    putLe32(g, 20, LINKTYPE_ETHERNET);
    write(g, g.length);
  }

  @Override
  public void frame(long time, boolean toPeer, Object payload, long offset, int payloadLen,
      int len) {
    int wireLen = Math.max(len, 60);
    int caplen = Math.min(wireLen, SNAPLEN);
    Arrays.fill(frame, 0, caplen, (byte) 0);
    synth.build(frame, caplen, toPeer, payload, offset, payloadLen, len);
    putLe32(header, 0, (int) (time / 1_000_000_000L));
    putLe32(header, 4, (int) (time % 1_000_000_000L));
    putLe32(header, 8, caplen);
    putLe32(header, 12, wireLen);
    write(header, 16);
    write(frame, caplen);
    frames++;
  }

  public long frames() {
    return frames;
  }

  private void write(byte[] b, int n) {
    try {
      out.write(b, 0, n);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void putLe32(byte[] b, int at, int v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
    b[at + 2] = (byte) (v >>> 16);
    b[at + 3] = (byte) (v >>> 24);
  }

  static void putLe16(byte[] b, int at, int v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
  }
}
