package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.List;

/**
 * Applies a {@link Mutant} to its Java source text: the method's extent is found by its
 * declaration and braces (comments, strings and char literals skipped), and the original text
 * must occur inside it exactly once, so that a change to the port that moves or rewrites that
 * text makes the mutant fail loudly rather than quietly mutate something else.
 */
final class MutantSource {
  private MutantSource() {}

  /** The mutated source, or an exception saying why the mutant no longer applies. */
  static String apply(String source, Mutant m) {
    List<int[]> scopes = m.method().isEmpty() ? List.of(new int[] {0, source.length()})
        : methods(source, m.method());
    if (scopes.isEmpty()) {
      throw new Stale("no method " + m.method() + "(...) in " + m.file());
    }
    int at = -1;
    int count = 0;
    for (int[] s : scopes) {
      int from = s[0];
      while (true) {
        int i = source.indexOf(m.from(), from);
        if (i < 0 || i + m.from().length() > s[1]) {
          break;
        }
        at = i;
        count++;
        from = i + 1;
      }
    }
    if (count != 1) {
      throw new Stale("'" + m.from() + "' occurs " + count + " times in "
          + (m.method().isEmpty() ? m.file() : m.method() + "(...) of " + m.file())
          + " (exactly once needed)");
    }
    return source.substring(0, at) + m.to() + source.substring(at + m.from().length());
  }

  /** The mutant's text is not (exactly once) where it says. */
  static final class Stale extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stale(String message) {
      super(message);
    }
  }

  /** {start, end} of each declaration of method {@code name} with a body. */
  static List<int[]> methods(String s, String name) {
    List<int[]> out = new ArrayList<>();
    int n = s.length();
    int i = 0;
    while (i < n) {
      char c = s.charAt(i);
      if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
        i = lineEnd(s, i);
        continue;
      }
      if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
        int e = s.indexOf("*/", i + 2);
        i = e < 0 ? n : e + 2;
        continue;
      }
      if (c == '"' || c == '\'') {
        i = literalEnd(s, i);
        continue;
      }
      if (s.startsWith(name, i) && (i == 0 || !Character.isJavaIdentifierPart(s.charAt(i - 1)))
          && i + name.length() < n && !Character.isJavaIdentifierPart(s.charAt(i + name.length()))) {
        int j = skipSpace(s, i + name.length());
        if (j < n && s.charAt(j) == '(') {
          int close = matching(s, j, '(', ')');
          int k = skipSpace(s, close + 1);
          if (s.startsWith("throws", k)) {
            while (k < n && s.charAt(k) != '{' && s.charAt(k) != ';') {
              k++;
            }
          }
          if (close > 0 && k < n && s.charAt(k) == '{' && isDeclaration(s, i)) {
            int end = matching(s, k, '{', '}');
            if (end > 0) {
              out.add(new int[] {i, end + 1});
              i = end + 1;
              continue;
            }
          }
        }
      }
      i++;
    }
    return out;
  }

  /** A name followed by its body is a declaration unless it is a call ({@code new X() {}}). */
  private static boolean isDeclaration(String s, int i) {
    int j = i - 1;
    while (j >= 0 && Character.isWhitespace(s.charAt(j))) {
      j--;
    }
    if (j < 0) {
      return false;
    }
    char c = s.charAt(j);
    // after a type (identifier, generic '>' or array ']'), not after '.', '=', '(' or 'new'
    if (!(Character.isJavaIdentifierPart(c) || c == '>' || c == ']')) {
      return false;
    }
    int k = j;
    while (k >= 0 && Character.isJavaIdentifierPart(s.charAt(k))) {
      k--;
    }
    String word = s.substring(k + 1, j + 1);
    return !word.equals("new") && !word.equals("return");
  }

  private static int skipSpace(String s, int i) {
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
    return i;
  }

  private static int lineEnd(String s, int i) {
    int e = s.indexOf('\n', i);
    return e < 0 ? s.length() : e;
  }

  private static int literalEnd(String s, int i) {
    char q = s.charAt(i);
    if (q == '"' && s.startsWith("\"\"\"", i)) {
      int e = s.indexOf("\"\"\"", i + 3);
      return e < 0 ? s.length() : e + 3;
    }
    int j = i + 1;
    while (j < s.length() && s.charAt(j) != q && s.charAt(j) != '\n') {
      j += s.charAt(j) == '\\' ? 2 : 1;
    }
    return Math.min(j + 1, s.length());
  }

  /** The index of the bracket closing the one at {@code open}, or -1. */
  private static int matching(String s, int open, char o, char c) {
    int depth = 0;
    int i = open;
    int n = s.length();
    while (i < n) {
      char ch = s.charAt(i);
      if (ch == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
        i = lineEnd(s, i);
        continue;
      }
      if (ch == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
        int e = s.indexOf("*/", i + 2);
        i = e < 0 ? n : e + 2;
        continue;
      }
      if (ch == '"' || ch == '\'') {
        i = literalEnd(s, i);
        continue;
      }
      if (ch == o) {
        depth++;
      } else if (ch == c && --depth == 0) {
        return i;
      }
      i++;
    }
    return -1;
  }
}
