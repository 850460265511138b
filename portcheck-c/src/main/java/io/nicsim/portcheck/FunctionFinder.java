package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the definitions of a named C function in a file.
 *
 * <p>A definition is a file-scope {@code name (params)} followed by a body. Between the closing
 * parenthesis and the body there may be attribute-like macros ({@code __acquires(x)},
 * {@code __attribute__((...))}) and, when the parameter list is a bare identifier list, old
 * K&amp;R parameter declarations. Prototypes ({@code ;} after the list), calls inside other
 * functions or in initialisers (not at file scope) and macro arguments (inside parentheses) are
 * not definitions.
 */
final class FunctionFinder {
  private final CSource source;
  private final CTokens tokens;
  private final BlockStructure structure;

  private FunctionFinder(CSource source) {
    this.source = source;
    this.tokens = source.tokens();
    this.structure = source.structure();
  }

  static List<CFunction> find(CSource source, String name) {
    FunctionFinder finder = new FunctionFinder(source);
    List<CFunction> found = new ArrayList<>(1);
    for (int nameToken : source.fileScopeCalls(name)) {
      CFunction f = finder.definitionAt(name, nameToken);
      if (f != null) {
        found.add(f);
      }
    }
    return found;
  }

  private CFunction definitionAt(String name, int nameToken) {
    int open = nameToken + 1;
    int close = matchingParen(open);
    if (close < 0) {
      return null;
    }
    int nesting = structure.parenDepth(nameToken);
    int bodyOpen;
    if (nesting == 0) {
      bodyOpen = bodyAfterParameters(close, identifierListLength(open, close));
    } else {
      // a function returning a pointer to function: "(*name(params))(params)" then the body
      int end = closeDeclarator(close + 1, nesting);
      bodyOpen = end < 0 ? -1 : bodyAfterAttributes(end);
    }
    if (bodyOpen < 0) {
      return null;
    }
    int bodyClose = matchingBrace(bodyOpen);
    if (bodyClose < 0) {
      return null;
    }
    int first = declarationStart(nameToken);
    return new CFunction(
        source, name, tokens.start(first), tokens.start(bodyOpen), tokens.end(bodyClose));
  }

  /**
   * Past the declarator around the name: {@code nesting} closing parentheses, each followed by
   * the returned function's parameter lists ({@code (int)}) or array bounds; the token after
   * them, or -1 when the shape is anything else.
   */
  private int closeDeclarator(int from, int nesting) {
    int i = from;
    for (int level = 0; level < nesting; level++) {
      if (!tokens.isPunct(i, ')')) {
        return -1;
      }
      i++;
      while (tokens.isPunct(i, '(') || tokens.isPunct(i, '[')) {
        i = tokens.isPunct(i, '(') ? matchingParen(i) : matchingBracket(i);
        if (i < 0) {
          return -1;
        }
        i++;
      }
    }
    return i;
  }

  private int matchingBracket(int open) {
    for (int i = open + 1; i < tokens.size(); i++) {
      if (tokens.isPunct(i, ']')) {
        return i;
      } else if (tokens.isPunct(i, '{') || tokens.isPunct(i, ';')) {
        return -1;
      }
    }
    return -1;
  }

  /** The {@code )} closing the {@code (} at {@code open}; directives in between are skipped. */
  private int matchingParen(int open) {
    int depth = 0;
    for (int i = open; i < tokens.size(); i++) {
      if (tokens.isPunct(i, '(')) {
        depth++;
      } else if (tokens.isPunct(i, ')') && --depth == 0) {
        return i;
      } else if (tokens.isPunct(i, '{') || tokens.isPunct(i, ';')) {
        return -1; // not a parameter list
      }
    }
    return -1;
  }

  /**
   * Number of names in a K&R identifier list {@code (a, b, c)}; 0 for anything else, including
   * {@code ()} and {@code (void)}.
   */
  private int identifierListLength(int open, int close) {
    int words = 0;
    boolean expectWord = true;
    for (int i = open + 1; i < close; i++) {
      if (tokens.isDirective(i)) {
        continue;
      }
      if (expectWord ? tokens.kind(i) != CTokens.WORD : !tokens.isPunct(i, ',')) {
        return 0;
      }
      if (expectWord) {
        words++;
      }
      expectWord = !expectWord;
    }
    return words == 1 && tokens.isWord(close - 1, "void") ? 0 : words;
  }

  /**
   * The body's {@code {} after the parameter list, or -1 when what follows is a prototype, a
   * call or anything else. Either attribute-like words (each optionally with a parenthesised
   * argument list) come before the body, or, after a K&R identifier list, up to one declaration
   * per parameter.
   */
  private int bodyAfterParameters(int close, int knrParameters) {
    int body = bodyAfterAttributes(close + 1);
    if (body < 0 && knrParameters > 0) {
      body = bodyAfterKnrDeclarations(close + 1, knrParameters);
    }
    return body;
  }

  private int bodyAfterAttributes(int from) {
    int i = from;
    while (i < tokens.size()) {
      if (tokens.isDirective(i)) {
        i++;
      } else if (tokens.isPunct(i, '{')) {
        return i;
      } else if (tokens.kind(i) == CTokens.WORD) {
        i++;
        if (tokens.isPunct(i, '(')) {
          i = matchingParen(i);
          if (i < 0) {
            return -1;
          }
          i++;
        }
      } else {
        return -1;
      }
    }
    return -1;
  }

  /** {@code int a; char *b, c[4]; {}: words, declarator punctuation, no calls or attributes. */
  private int bodyAfterKnrDeclarations(int from, int maxDeclarations) {
    int declarations = 0;
    boolean inDeclaration = false;
    for (int i = from; i < tokens.size(); i++) {
      if (tokens.isDirective(i)) {
        continue;
      }
      if (!inDeclaration && tokens.isPunct(i, '{')) {
        return declarations > 0 ? i : -1;
      }
      if (tokens.kind(i) == CTokens.WORD) {
        if (tokens.isPunct(i + 1, '(') || (!inDeclaration && declarations == maxDeclarations)) {
          return -1;
        }
        inDeclaration = true;
      } else if (inDeclaration && tokens.isPunct(i, ';')) {
        declarations++;
        inDeclaration = false;
      } else if (!inDeclaration || !isDeclaratorPunct(i)) {
        return -1;
      }
    }
    return -1;
  }

  private boolean isDeclaratorPunct(int i) {
    return tokens.isPunct(i, '*')
        || tokens.isPunct(i, ',')
        || tokens.isPunct(i, '[')
        || tokens.isPunct(i, ']')
        || tokens.isPunct(i, '(')
        || tokens.isPunct(i, ')');
  }

  /**
   * The {@code }} that closes the block opened at {@code open}: the first one that brings the
   * depth back, not inside an {@code #else} branch that began inside the block.
   */
  private int matchingBrace(int open) {
    int depth = structure.braceDepth(open);
    for (int i = open + 1; i < tokens.size(); i++) {
      if (tokens.isPunct(i, '}')
          && structure.braceDepth(i) == depth + 1
          && structure.altStart(i) <= open) {
        return i;
      }
    }
    return -1;
  }

  /**
   * First token of the declaration holding the name: walking back, the declaration ends at the
   * previous file-scope {@code ;}, {@code }} or {@code {}, or at a directive.
   */
  private int declarationStart(int nameToken) {
    int i = nameToken;
    while (i > 0) {
      int prev = i - 1;
      if (tokens.isDirective(prev)
          || tokens.isPunct(prev, ';')
          || tokens.isPunct(prev, '}')
          || tokens.isPunct(prev, '{')) {
        break;
      }
      i = prev;
    }
    return i;
  }
}
