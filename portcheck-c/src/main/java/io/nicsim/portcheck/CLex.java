package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One lexeme of C code as the comparison reader sees it: an identifier, a number, an operator
 * (multi-character ones such as {@code <=}, {@code ->}, {@code <<=} merged) or a literal.
 * Comments and preprocessor directives are not lexemes.
 *
 * @param kind {@link #IDENT}, {@link #NUMBER}, {@link #OP} or {@link #LITERAL}
 * @param text the lexeme's text
 * @param pos offset of its first character in the file it came from (a macro's expansion
 *     carries the position of the name that was expanded)
 */
record CLex(byte kind, String text, int pos) {
  static final byte IDENT = 1;
  static final byte NUMBER = 2;
  static final byte OP = 3;
  static final byte LITERAL = 4;

  private static final Set<String> THREE = Set.of("<<=", ">>=", "...");
  private static final Set<String> TWO = Set.of("->", "++", "--", "<<", ">>", "<=", ">=", "==",
      "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##");

  /** The lexemes of {@code text}, positions offset by {@code offset}. */
  static List<CLex> of(String text, int offset) {
    return of(CTokenizer.tokenize(text), offset);
  }

  /** The lexemes of a directive's text (its {@code #} is an operator there). */
  static List<CLex> ofDirectiveText(String text, int offset) {
    return of(CTokenizer.tokenizeWithoutDirectives(text), offset);
  }

  private static List<CLex> of(CTokens t, int offset) {
    String s = t.text();
    List<CLex> out = new ArrayList<>(t.size());
    int n = t.size();
    for (int i = 0; i < n; i++) {
      byte k = t.kind(i);
      if (t.isDirective(i)) {
        continue;
      }
      int start = t.start(i);
      if (k == CTokens.WORD) {
        char c = s.charAt(start);
        out.add(new CLex(c >= '0' && c <= '9' ? NUMBER : IDENT, t.tokenText(i), offset + start));
      } else if (k == CTokens.LITERAL) {
        out.add(new CLex(LITERAL, t.tokenText(i), offset + start));
      } else {
        String op = t.tokenText(i);
        // merge adjacent punctuation into the longest operator
        if (i + 2 < n && adjacent(t, i, 3) && THREE.contains(s.substring(start, t.end(i + 2)))) {
          op = s.substring(start, t.end(i + 2));
          i += 2;
        } else if (i + 1 < n && adjacent(t, i, 2) && TWO.contains(s.substring(start, t.end(i + 1)))) {
          op = s.substring(start, t.end(i + 1));
          i += 1;
        }
        out.add(new CLex(OP, op, offset + start));
      }
    }
    return out;
  }

  private static boolean adjacent(CTokens t, int i, int count) {
    for (int k = 0; k < count - 1; k++) {
      if (t.kind(i + k) != CTokens.PUNCT || t.kind(i + k + 1) != CTokens.PUNCT
          || t.end(i + k) != t.start(i + k + 1)) {
        return false;
      }
    }
    return true;
  }

  boolean is(String s) {
    return text.equals(s);
  }

  boolean isOp(String s) {
    return kind == OP && text.equals(s);
  }

  boolean isIdent() {
    return kind == IDENT;
  }

  @Override
  public String toString() {
    return text;
  }
}
