package io.nicsim.portcheck;

import java.util.Arrays;

/**
 * The tokens of one C text, as parallel primitive arrays (a kernel file has ~100k of them).
 *
 * <p>Comments and whitespace are not tokens. A preprocessor directive (one logical line,
 * continuations and comments included) is a single token. String and char literals are single
 * tokens, so braces inside them are never seen as code.
 */
public final class CTokens {
  /** Identifier, keyword or number ({@code [A-Za-z0-9_$]+}). */
  public static final byte WORD = 1;
  /** Any other single character of code: {@code { } ( ) ; , * ...}. */
  public static final byte PUNCT = 2;
  /** A string or char literal, quotes included. */
  public static final byte LITERAL = 3;
  /** {@code #if}, {@code #ifdef}, {@code #ifndef}. */
  public static final byte DIRECTIVE_IF = 4;
  /** {@code #elif}, {@code #elifdef}, {@code #elifndef}, {@code #else}. */
  public static final byte DIRECTIVE_ELSE = 5;
  /** {@code #endif}. */
  public static final byte DIRECTIVE_ENDIF = 6;
  /** Any other directive: {@code #define}, {@code #include}, {@code #pragma}, ... */
  public static final byte DIRECTIVE_OTHER = 7;

  private final String text;
  private byte[] kinds = new byte[256];
  private int[] starts = new int[256];
  private int[] ends = new int[256];
  private int size;

  CTokens(String text) {
    this.text = text;
  }

  void add(byte kind, int start, int end) {
    if (size == kinds.length) {
      int grown = size * 2;
      kinds = Arrays.copyOf(kinds, grown);
      starts = Arrays.copyOf(starts, grown);
      ends = Arrays.copyOf(ends, grown);
    }
    kinds[size] = kind;
    starts[size] = start;
    ends[size] = end;
    size++;
  }

  public String text() {
    return text;
  }

  public int size() {
    return size;
  }

  public byte kind(int i) {
    return kinds[i];
  }

  public int start(int i) {
    return starts[i];
  }

  public int end(int i) {
    return ends[i];
  }

  public boolean isDirective(int i) {
    return kinds[i] >= DIRECTIVE_IF;
  }

  /** True if token {@code i} is the single character {@code c} of code. */
  public boolean isPunct(int i, char c) {
    return i >= 0 && i < size && kinds[i] == PUNCT && text.charAt(starts[i]) == c;
  }

  /** True if token {@code i} is the identifier {@code word}. */
  public boolean isWord(int i, String word) {
    return kinds[i] == WORD
        && ends[i] - starts[i] == word.length()
        && text.startsWith(word, starts[i]);
  }

  public String tokenText(int i) {
    return text.substring(starts[i], ends[i]);
  }
}
