package io.nicsim.portcheck;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A harness program's output, a line per record, read in large blocks: each line becomes one
 * string (UTF-8, without its newline) and nothing else is allocated per line.
 */
final class LineReader {
  private final InputStream in;
  private byte[] buf = new byte[1 << 16];
  private int at;
  private int end;
  private boolean eof;

  LineReader(InputStream in) {
    this.in = in;
  }

  /** The next line, or null at the end (a last line without its newline is returned). */
  String next() throws IOException {
    int scan = at;
    while (true) {
      for (; scan < end; scan++) {
        if (buf[scan] == '\n') {
          String line = new String(buf, at, scan - at, StandardCharsets.UTF_8);
          at = scan + 1;
          return line;
        }
      }
      if (eof) {
        if (at == end) {
          return null;
        }
        String line = new String(buf, at, end - at, StandardCharsets.UTF_8);
        at = end;
        return line;
      }
      // keep the partial line, make room, read more
      if (at > 0) {
        System.arraycopy(buf, at, buf, 0, end - at);
        end -= at;
        scan -= at;
        at = 0;
      }
      if (end == buf.length) {
        buf = Arrays.copyOf(buf, buf.length * 2);
      }
      int n = in.read(buf, end, buf.length - end);
      if (n < 0) {
        eof = true;
      } else {
        end += n;
      }
    }
  }
}
