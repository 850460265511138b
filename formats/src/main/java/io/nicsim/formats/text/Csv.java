package io.nicsim.formats.text;

/** RFC 4180 cells. */
public final class Csv {
  private Csv() {}

  public static String cell(String s) {
    if (s == null) {
      return "";
    }
    if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0) {
      return '"' + s.replace("\"", "\"\"") + '"';
    }
    return s;
  }
}
