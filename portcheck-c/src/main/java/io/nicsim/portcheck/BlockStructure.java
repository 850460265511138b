package io.nicsim.portcheck;

import java.util.Arrays;

/**
 * Brace and parenthesis depth before every token, read through conditional compilation.
 *
 * <p>Where {@code #if} branches are not balanced on their own (each branch opens the same block
 * its own way), the depth follows the first branch: at {@code #else}/{@code #elif} it goes back
 * to its value at the {@code #if}, and at {@code #endif} it takes the value the first branch
 * ended with. Every token also records where the innermost alternate branch holding it began, so
 * that a block opened outside an alternate branch is never closed by a brace inside one.
 */
final class BlockStructure {
  private final int[] braceDepth;
  private final int[] parenDepth;
  private final int[] altStart;

  private BlockStructure(int size) {
    braceDepth = new int[size];
    parenDepth = new int[size];
    altStart = new int[size];
  }

  static BlockStructure of(CTokens tokens) {
    int n = tokens.size();
    BlockStructure s = new BlockStructure(n);
    Conditional[] stack = new Conditional[16];
    int top = 0;
    int braces = 0;
    int parens = 0;
    int alt = -1;
    for (int i = 0; i < n; i++) {
      s.braceDepth[i] = braces;
      s.parenDepth[i] = parens;
      s.altStart[i] = alt;
      byte kind = tokens.kind(i);
      if (kind == CTokens.PUNCT) {
        switch (tokens.text().charAt(tokens.start(i))) {
          case '{' -> braces++;
          case '}' -> braces = Math.max(0, braces - 1);
          case '(' -> parens++;
          case ')' -> parens = Math.max(0, parens - 1);
          default -> { }
        }
      } else if (kind == CTokens.DIRECTIVE_IF) {
        if (top == stack.length) {
          stack = Arrays.copyOf(stack, top * 2);
        }
        stack[top++] = new Conditional(braces, parens, alt);
      } else if (kind == CTokens.DIRECTIVE_ELSE && top > 0) {
        Conditional c = stack[top - 1];
        if (!c.inAlternate) {
          c.inAlternate = true;
          c.firstBraces = braces;
          c.firstParens = parens;
        }
        braces = c.braces;
        parens = c.parens;
        alt = i;
      } else if (kind == CTokens.DIRECTIVE_ENDIF && top > 0) {
        Conditional c = stack[--top];
        if (c.inAlternate) {
          braces = c.firstBraces;
          parens = c.firstParens;
        }
        alt = c.outerAlt;
      }
    }
    return s;
  }

  int braceDepth(int token) {
    return braceDepth[token];
  }

  int parenDepth(int token) {
    return parenDepth[token];
  }

  /** Index of the directive that opened the innermost alternate branch holding the token, or -1. */
  int altStart(int token) {
    return altStart[token];
  }

  private static final class Conditional {
    final int braces;
    final int parens;
    final int outerAlt;
    boolean inAlternate;
    int firstBraces;
    int firstParens;

    Conditional(int braces, int parens, int outerAlt) {
      this.braces = braces;
      this.parens = parens;
      this.outerAlt = outerAlt;
    }
  }
}
