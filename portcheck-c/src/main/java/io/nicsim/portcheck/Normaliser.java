package io.nicsim.portcheck;

/**
 * The form of a function that port-check hashes: comments removed, whitespace between tokens
 * dropped, one line per source line that holds code.
 *
 * <p>Whitespace survives only where dropping it would join two tokens: one space between two
 * word characters ({@code static int}) or two operator characters ({@code a - -b}). Literals are
 * kept byte for byte. A directive is normalised the same way inside. So re-indenting, re-wrapping
 * comments, adding blank lines or changing {@code x=1} to {@code x = 1} keeps the hash; moving
 * code to another line, or any change to tokens, changes it.
 */
public final class Normaliser {
  private Normaliser() {}

  public static String normalise(String c) {
    return join(CTokenizer.tokenize(c));
  }

  private static String join(CTokens tokens) {
    String text = tokens.text();
    StringBuilder out = new StringBuilder(text.length());
    int previousEnd = -1;
    for (int i = 0; i < tokens.size(); i++) {
      int start = tokens.start(i);
      String token = tokens.isDirective(i) ? directive(tokens.tokenText(i)) : tokens.tokenText(i);
      if (previousEnd >= 0) {
        if (newlineOutsideComments(text, previousEnd, start)) {
          out.append('\n');
        } else if (start > previousEnd && mustSeparate(out.charAt(out.length() - 1), token.charAt(0))) {
          out.append(' ');
        }
      }
      out.append(token);
      previousEnd = tokens.end(i);
    }
    return out.toString();
  }

  /** {@code #  define X(a)  { a }} becomes {@code #define X(a){a}}; continuations become gaps. */
  private static String directive(String directive) {
    return "#" + joinOnOneLine(CTokenizer.tokenizeWithoutDirectives(directive.substring(1)));
  }

  private static String joinOnOneLine(CTokens tokens) {
    StringBuilder out = new StringBuilder();
    int previousEnd = -1;
    for (int i = 0; i < tokens.size(); i++) {
      String token = tokens.tokenText(i);
      if (previousEnd >= 0
          && tokens.start(i) > previousEnd
          && mustSeparate(out.charAt(out.length() - 1), token.charAt(0))) {
        out.append(' ');
      }
      out.append(token);
      previousEnd = tokens.end(i);
    }
    return out.toString();
  }

  static boolean mustSeparate(char left, char right) {
    return (CTokenizer.isWordChar(left) && CTokenizer.isWordChar(right))
        || (isOperator(left) && isOperator(right));
  }

  private static boolean isOperator(char c) {
    return "+-*/%&|^<>=!.:#".indexOf(c) >= 0;
  }

  /** Whether the gap between two tokens (whitespace and comments only) has a line break in code. */
  private static boolean newlineOutsideComments(String text, int from, int to) {
    int i = from;
    while (i < to) {
      char c = text.charAt(i);
      if (c == '\n') {
        return true;
      }
      if (c == '/' && i + 1 < to && text.charAt(i + 1) == '*') {
        int close = text.indexOf("*/", i + 2);
        i = close < 0 || close + 2 > to ? to : close + 2;
      } else if (c == '/' && i + 1 < to && text.charAt(i + 1) == '/') {
        int eol = text.indexOf('\n', i);
        if (eol < 0 || eol >= to) {
          return false;
        }
        return true; // the newline that ends a line comment is a line break in code
      } else if (c == '\\') {
        i += (i + 1 < to && text.charAt(i + 1) == '\r') ? 3 : 2; // a line splice joins lines
      } else {
        i++;
      }
    }
    return false;
  }
}
