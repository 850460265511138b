package io.nicsim.boardtrace.model;

import java.io.Writer;
import java.util.function.Consumer;

/** A Writer that hands on each complete line (without its newline). */
final class LineWriter extends Writer {
  private final Consumer<String> lines;
  private final StringBuilder partial = new StringBuilder(256);

  LineWriter(Consumer<String> lines) {
    this.lines = lines;
  }

  @Override
  public void write(char[] buf, int off, int len) {
    int start = off;
    int end = off + len;
    for (int i = off; i < end; i++) {
      if (buf[i] == '\n') {
        partial.append(buf, start, i - start);
        lines.accept(partial.toString());
        partial.setLength(0);
        start = i + 1;
      }
    }
    partial.append(buf, start, end - start);
  }

  @Override
  public void write(String s) {
    write(s.toCharArray(), 0, s.length());
  }

  @Override
  public void flush() {}

  @Override
  public void close() {
    if (partial.length() > 0) {
      lines.accept(partial.toString());
      partial.setLength(0);
    }
  }
}
