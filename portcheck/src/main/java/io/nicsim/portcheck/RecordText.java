package io.nicsim.portcheck;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Input records as a harness program reads them: one line per record, its values in decimal
 * separated by spaces, written as ASCII digits straight into one reusable buffer (no string per
 * value or per record).
 */
final class RecordText {
  private static final byte[] MIN = Long.toString(Long.MIN_VALUE).getBytes(
      StandardCharsets.US_ASCII);
  private byte[] buf = new byte[1 << 17];
  private int len;

  /** Appends one record's line. */
  void line(long[] record) {
    ensure(record.length * 21 + 1);
    for (long v : record) {
      put(v);
      buf[len++] = ' ';
    }
    buf[len++] = '\n';
  }

  int size() {
    return len;
  }

  /** Writes what was appended to {@code out} and empties the buffer. */
  void writeTo(OutputStream out) throws IOException {
    if (len > 0) {
      out.write(buf, 0, len);
      len = 0;
    }
  }

  @Override
  public String toString() {
    return new String(buf, 0, len, StandardCharsets.US_ASCII);
  }

  private void put(long v) {
    if (v == Long.MIN_VALUE) {
      System.arraycopy(MIN, 0, buf, len, MIN.length);
      len += MIN.length;
      return;
    }
    if (v < 0) {
      buf[len++] = '-';
      v = -v;
    }
    int digits = digits(v);
    int at = len + digits;
    len = at;
    do {
      buf[--at] = (byte) ('0' + (int) (v % 10));
      v /= 10;
    } while (v != 0);
  }

  private static int digits(long v) {
    int n = 1;
    for (long p = 10; n < 19 && v >= p; p *= 10) {
      n++;
    }
    return n;
  }

  private void ensure(int more) {
    if (len + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
    }
  }
}
