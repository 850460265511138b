package io.nicsim.portcheck;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One C file: its text, tokens and block structure, read and tokenised once. */
public final class CSource {
  private final String path;
  private final String text;
  private CTokens tokens;
  private BlockStructure structure;
  private int[] lineStarts;
  private Map<String, int[]> callSites;

  /**
   * @param path where the file is, relative to the tree root with {@code /} separators
   * @param text the file's text
   */
  public CSource(String path, String text) {
    this.path = path;
    this.text = text;
  }

  public String path() {
    return path;
  }

  public String text() {
    return text;
  }

  /** Tokenised on first use: a directory search reads many files that never mention the name. */
  CTokens tokens() {
    if (tokens == null) {
      tokens = CTokenizer.tokenize(text);
    }
    return tokens;
  }

  BlockStructure structure() {
    if (structure == null) {
      structure = BlockStructure.of(tokens());
    }
    return structure;
  }

  /** Whether the name occurs anywhere in the text (a cheap test before tokenising). */
  public boolean mentions(String name) {
    return text.contains(name);
  }

  /** Definitions of {@code name} in this file, in file order. */
  public List<CFunction> definitions(String name) {
    return FunctionFinder.find(this, name);
  }

  /** 1-based line of a character offset. */
  public int lineOf(int offset) {
    if (lineStarts == null) {
      lineStarts = computeLineStarts(text);
    }
    int i = Arrays.binarySearch(lineStarts, offset);
    return (i >= 0 ? i : -i - 2) + 1;
  }

  /**
   * Tokens {@code name (} at file scope (outside any brace or parenthesis, or as the name of a
   * pointer declarator {@code (*name(}): every definition starts at one of them, as do
   * prototypes and file-scope macro calls.
   */
  int[] fileScopeCalls(String name) {
    if (callSites == null) {
      callSites = indexFileScopeCalls();
    }
    return callSites.getOrDefault(name, new int[0]);
  }

  private Map<String, int[]> indexFileScopeCalls() {
    CTokens tokens = tokens();
    BlockStructure structure = structure();
    Map<String, int[]> index = new HashMap<>();
    int n = tokens.size();
    for (int i = 0; i + 1 < n; i++) {
      if (tokens.kind(i) == CTokens.WORD
          && structure.braceDepth(i) == 0
          && (structure.parenDepth(i) == 0 || isPointerDeclaratorName(tokens, i))
          && tokens.isPunct(i + 1, '(')) {
        index.merge(tokens.tokenText(i), new int[] {i}, CSource::append);
      }
    }
    return index;
  }

  /**
   * {@code ( * name (}: the name of a function returning a function pointer,
   * {@code void (*get_handler(int x))(int)}, sits inside the declarator's parentheses.
   */
  private static boolean isPointerDeclaratorName(CTokens tokens, int i) {
    int j = i - 1;
    while (j >= 0 && tokens.isPunct(j, '*')) {
      j--;
    }
    return j < i - 1 && j >= 0 && tokens.isPunct(j, '(');
  }

  private static int[] append(int[] a, int[] b) {
    int[] joined = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, joined, a.length, b.length);
    return joined;
  }

  private static int[] computeLineStarts(String text) {
    int count = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        count++;
      }
    }
    int[] starts = new int[count];
    int line = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        starts[line++] = i + 1;
      }
    }
    return starts;
  }
}
