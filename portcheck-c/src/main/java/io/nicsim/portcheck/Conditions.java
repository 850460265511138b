package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.List;

/**
 * The conditional-compilation context of every token of a file: the conjunction of the
 * {@code #if}/{@code #ifdef}/{@code #elif}/{@code #else} branches it sits in, as a C
 * preprocessor expression ({@code defined(CONFIG_X)}, {@code !(A) && (B)}). A definition taken
 * from a tree is emitted inside {@code #if} of its context, so the preprocessor picks the same
 * variant the kernel's build would with the harness's configuration.
 */
final class Conditions {
  private final int[] contextOf;
  private final List<String> contexts;

  private Conditions(int[] contextOf, List<String> contexts) {
    this.contextOf = contextOf;
    this.contexts = contexts;
  }

  static Conditions of(CTokens tokens) {
    int n = tokens.size();
    int[] contextOf = new int[n];
    List<String> contexts = new ArrayList<>();
    contexts.add("");
    List<Frame> stack = new ArrayList<>();
    int current = 0;
    for (int i = 0; i < n; i++) {
      byte kind = tokens.kind(i);
      if (kind == CTokens.DIRECTIVE_IF || kind == CTokens.DIRECTIVE_ELSE
          || kind == CTokens.DIRECTIVE_ENDIF) {
        String[] d = split(tokens.tokenText(i));
        if (kind == CTokens.DIRECTIVE_IF) {
          Frame f = new Frame();
          f.branch = condition(d[0], d[1]);
          stack.add(f);
        } else if (kind == CTokens.DIRECTIVE_ELSE && !stack.isEmpty()) {
          Frame f = stack.get(stack.size() - 1);
          f.previous.add(f.branch);
          // #elif, #elifdef, #elifndef read as #if, #ifdef, #ifndef
          f.branch = d[0].equals("else") ? "" : condition(d[0].substring(2), d[1]);
        } else if (kind == CTokens.DIRECTIVE_ENDIF && !stack.isEmpty()) {
          stack.remove(stack.size() - 1);
        }
        contexts.add(render(stack));
        current = contexts.size() - 1;
      }
      contextOf[i] = current;
    }
    return new Conditions(contextOf, contexts);
  }

  /** The context of token {@code i}: empty when unconditional. */
  String at(int token) {
    return contexts.get(contextOf[token]);
  }

  private static final class Frame {
    final List<String> previous = new ArrayList<>();
    String branch;
  }

  private static String render(List<Frame> stack) {
    StringBuilder b = new StringBuilder();
    for (Frame f : stack) {
      for (String p : f.previous) {
        append(b, "!(" + p + ")");
      }
      if (!f.branch.isEmpty()) {
        append(b, "(" + f.branch + ")");
      }
    }
    return b.toString();
  }

  private static void append(StringBuilder b, String term) {
    if (b.length() > 0) {
      b.append(" && ");
    }
    b.append(term);
  }

  /** {@code if}/{@code ifdef}/{@code ifndef} and its text as an expression. */
  private static String condition(String keyword, String rest) {
    return switch (keyword) {
      case "ifdef" -> "defined(" + rest + ")";
      case "ifndef" -> "!defined(" + rest + ")";
      default -> rest.isEmpty() ? "0" : rest;
    };
  }

  /** The directive's keyword and the rest of its logical line, comments and splices removed. */
  static String[] split(String directive) {
    String text = stripComments(directive).replace("\\\r\n", " ").replace("\\\n", " ");
    int i = 1;
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    int start = i;
    while (i < text.length() && CTokenizer.isWordChar(text.charAt(i))) {
      i++;
    }
    return new String[] {text.substring(start, i), text.substring(i).strip()};
  }

  /** Block and line comments out of one directive's text (literals kept). */
  static String stripComments(String s) {
    StringBuilder out = new StringBuilder(s.length());
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
        int close = s.indexOf("*/", i + 2);
        i = close < 0 ? s.length() : close + 2;
        out.append(' ');
      } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
        int nl = s.indexOf('\n', i);
        i = nl < 0 ? s.length() : nl;
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != c) {
          j += s.charAt(j) == '\\' ? 2 : 1;
        }
        j = Math.min(j + 1, s.length());
        out.append(s, i, j);
        i = j;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }
}
