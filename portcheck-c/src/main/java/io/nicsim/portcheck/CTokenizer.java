package io.nicsim.portcheck;

/**
 * Splits C source into {@link CTokens}: skips comments of both kinds (braces inside them are
 * never code), keeps string and char literals whole (escaped quotes included), and turns every
 * preprocessor directive into one token so that its braces and parentheses never count.
 *
 * <p>It is a lexer, not a parser: it never fails. An unterminated literal ends at the end of its
 * line, an unterminated comment at the end of the text.
 */
public final class CTokenizer {
  private final String text;
  private final int length;
  private final boolean directives;
  private final CTokens tokens;
  private int pos;

  private CTokenizer(String text, boolean directives) {
    this.text = text;
    this.length = text.length();
    this.directives = directives;
    this.tokens = new CTokens(text);
  }

  /** Tokens of a C file or of any part of one that starts outside a comment or literal. */
  public static CTokens tokenize(String text) {
    return new CTokenizer(text, true).run();
  }

  /** Tokens of the text of one directive: a {@code #} there is just punctuation. */
  static CTokens tokenizeWithoutDirectives(String text) {
    return new CTokenizer(text, false).run();
  }

  private CTokens run() {
    boolean lineStart = true; // only whitespace and comments so far on this line
    while (pos < length) {
      char c = text.charAt(pos);
      if (c == '\n') {
        lineStart = true;
        pos++;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0b) {
        pos++;
      } else if (c == '\\' && spliceLength(pos) > 0) {
        pos += spliceLength(pos);
      } else if (c == '/' && peek(1) == '*') {
        skipBlockComment();
      } else if (c == '/' && peek(1) == '/') {
        skipLineComment();
      } else if (c == '#' && lineStart && directives) {
        int start = pos;
        skipDirective();
        tokens.add(directiveKind(start), start, pos);
        lineStart = false;
      } else {
        lineStart = false;
        int start = pos;
        if (c == '"' || c == '\'') {
          skipLiteral(c);
          tokens.add(CTokens.LITERAL, start, pos);
        } else if (isWordChar(c)) {
          while (pos < length && isWordChar(text.charAt(pos))) {
            pos++;
          }
          tokens.add(CTokens.WORD, start, pos);
        } else {
          pos++;
          tokens.add(CTokens.PUNCT, start, pos);
        }
      }
    }
    return tokens;
  }

  static boolean isWordChar(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '_'
        || c == '$';
  }

  private char peek(int ahead) {
    int at = pos + ahead;
    return at < length ? text.charAt(at) : 0;
  }

  /** Length of a backslash-newline line splice at {@code at}, or 0. */
  private int spliceLength(int at) {
    if (at + 1 < length && text.charAt(at + 1) == '\n') {
      return 2;
    }
    if (at + 2 < length && text.charAt(at + 1) == '\r' && text.charAt(at + 2) == '\n') {
      return 3;
    }
    return 0;
  }

  private void skipBlockComment() {
    int close = text.indexOf("*/", pos + 2);
    pos = close < 0 ? length : close + 2;
  }

  /** Up to (not over) the newline; a backslash before the newline continues the comment. */
  private void skipLineComment() {
    pos += 2;
    while (pos < length) {
      char c = text.charAt(pos);
      if (c == '\\' && spliceLength(pos) > 0) {
        pos += spliceLength(pos);
      } else if (c == '\n') {
        return;
      } else {
        pos++;
      }
    }
  }

  /** Over the closing quote; an escape skips the next character; a bare newline ends it. */
  private void skipLiteral(char quote) {
    pos++;
    while (pos < length) {
      char c = text.charAt(pos);
      if (c == '\\') {
        pos += spliceLength(pos) > 0 ? spliceLength(pos) : 2;
      } else if (c == quote) {
        pos++;
        return;
      } else if (c == '\n') {
        return;
      } else {
        pos++;
      }
    }
    pos = Math.min(pos, length);
  }

  /**
   * To the newline that ends the logical line: continuations and block comments spanning lines
   * keep the directive going; literals inside are skipped whole.
   */
  private void skipDirective() {
    pos++;
    while (pos < length) {
      char c = text.charAt(pos);
      if (c == '\n') {
        return;
      } else if (c == '\\' && spliceLength(pos) > 0) {
        pos += spliceLength(pos);
      } else if (c == '/' && peek(1) == '*') {
        skipBlockComment();
      } else if (c == '/' && peek(1) == '/') {
        skipLineComment();
      } else if (c == '"' || c == '\'') {
        skipLiteral(c);
      } else {
        pos++;
      }
    }
  }

  private byte directiveKind(int hash) {
    int i = hash + 1;
    while (i < length && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
      i++;
    }
    int wordStart = i;
    while (i < length && isWordChar(text.charAt(i))) {
      i++;
    }
    String word = text.substring(wordStart, i);
    switch (word) {
      case "if":
      case "ifdef":
      case "ifndef":
        return CTokens.DIRECTIVE_IF;
      case "elif":
      case "elifdef":
      case "elifndef":
      case "else":
        return CTokens.DIRECTIVE_ELSE;
      case "endif":
        return CTokens.DIRECTIVE_ENDIF;
      default:
        return CTokens.DIRECTIVE_OTHER;
    }
  }
}
