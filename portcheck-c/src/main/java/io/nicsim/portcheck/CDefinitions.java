package io.nicsim.portcheck;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The file-scope definitions of one C file, by the name other code uses them under: macros,
 * functions, variables, typedefs and enumerators in the ordinary namespace; struct, union and
 * enum tags in the tag namespace. Prototypes, {@code extern} declarations and file-scope macro
 * calls ({@code EXPORT_SYMBOL(f);}) define nothing.
 */
final class CDefinitions {
  private static final Set<String> STORAGE_WORDS = Set.of(
      "static", "extern", "const", "volatile", "inline", "__inline", "__always_inline",
      "__read_mostly", "__ro_after_init", "__initdata", "__initconst", "__maybe_unused",
      "__cacheline_aligned", "__cacheline_aligned_in_smp", "unsigned", "signed", "__used");

  private final CSource source;
  private final CTokens tokens;
  private final BlockStructure structure;
  private final Conditions conditions;
  private final Map<String, List<CDefinition>> ordinary = new HashMap<>();
  private final Map<String, List<CDefinition>> tags = new HashMap<>();

  private CDefinitions(CSource source) {
    this.source = source;
    this.tokens = source.tokens();
    this.structure = source.structure();
    this.conditions = Conditions.of(tokens);
    index();
  }

  static CDefinitions of(CSource source) {
    return new CDefinitions(source);
  }

  CSource source() {
    return source;
  }

  /** Definitions of an ordinary name (macro, function, variable, typedef, enumerator). */
  List<CDefinition> ordinary(String name) {
    return ordinary.getOrDefault(name, List.of());
  }

  /** Definitions of a struct/union/enum tag. */
  List<CDefinition> tag(String name) {
    return tags.getOrDefault(name, List.of());
  }

  /** Every name this file defines, both namespaces (for the harness's own C). */
  Set<String> ordinaryNames() {
    return ordinary.keySet();
  }

  Set<String> tagNames() {
    return tags.keySet();
  }

  private void index() {
    int n = tokens.size();
    int i = 0;
    while (i < n) {
      if (tokens.isDirective(i)) {
        if (tokens.kind(i) == CTokens.DIRECTIVE_OTHER) {
          macro(i);
        }
        i++;
        continue;
      }
      if (structure.braceDepth(i) != 0) {
        i++;
        continue;
      }
      i = declaration(i);
    }
  }

  private void macro(int i) {
    String text = tokens.tokenText(i);
    String[] d = Conditions.split(text);
    if (!d[0].equals("define")) {
      return;
    }
    String rest = d[1];
    int end = 0;
    while (end < rest.length() && CTokenizer.isWordChar(rest.charAt(end))) {
      end++;
    }
    if (end == 0) {
      return;
    }
    add(ordinary, rest.substring(0, end), new CDefinition(CDefinition.Kind.MACRO,
        rest.substring(0, end), source, tokens.start(i), tokens.end(i), -1, conditions.at(i)));
  }

  /**
   * One file-scope declaration or definition starting at token {@code s}; returns the token
   * after it.
   */
  private int declaration(int s) {
    int n = tokens.size();
    boolean sawAssign = false;
    for (int i = s; i < n; i++) {
      if (tokens.isDirective(i)) {
        if (tokens.kind(i) == CTokens.DIRECTIVE_OTHER) {
          macro(i);
        }
        continue;
      }
      if (structure.braceDepth(i) != 0) {
        continue;
      }
      if (tokens.isPunct(i, '=') && structure.parenDepth(i) == 0) {
        sawAssign = true;
      }
      if (tokens.isPunct(i, ';')) {
        declared(s, i);
        return i + 1;
      }
      if (tokens.isPunct(i, '{')) {
        int close = matchingBrace(i);
        if (close < 0) {
          return n;
        }
        if (!sawAssign && isFunctionBody(s, i)) {
          String name = functionName(s, i);
          if (name != null) {
            int b = balancedStart(s, close);
            add(ordinary, name, new CDefinition(CDefinition.Kind.FUNCTION, name, source,
                tokens.start(b), tokens.end(close), tokens.start(i), conditions.at(b)));
          }
          return close + 1;
        }
        i = close; // an aggregate body or initializer: the declaration goes on to its ';'
      }
    }
    return n;
  }

  /** Attribute macros taking an argument list, which may sit between ')' and '{'. */
  private static final Set<String> ATTRIBUTE_CALLS = Set.of(
      "__attribute__", "__attribute", "__acquires", "__releases", "__must_hold",
      "__cond_acquires", "__printf", "__scanf", "__aligned", "__section", "__alias",
      "__diag_ignore", "__no_sanitize_address", "__counted_by");

  /** Attribute-like words without arguments. */
  private static final Set<String> ATTRIBUTE_WORDS = Set.of(
      "__init", "__exit", "__cold", "__hot", "notrace", "asmlinkage", "__always_inline",
      "__maybe_unused", "__always_unused", "__used", "__weak", "__must_check", "__sched",
      "__visible", "noinline", "noinline_for_stack", "__noreturn", "__ref", "__kprobes",
      "__no_kcsan", "__flatten", "__packed", "__read_mostly", "__ro_after_init", "__initdata",
      "__initconst", "__cacheline_aligned", "__cacheline_aligned_in_smp",
      "____cacheline_aligned", "____cacheline_aligned_in_smp", "__nonstring");

  /**
   * The parameter list's ')' before the brace at {@code brace} (attribute words and attribute
   * macro calls may come between), or -1 when the brace opens no function body.
   */
  private int parameterListClose(int s, int brace) {
    int j = brace - 1;
    while (j > s) {
      if (tokens.isDirective(j)) {
        j--;
      } else if (tokens.isPunct(j, ')')) {
        int open = matchingOpenParen(j);
        if (open <= s) {
          return -1;
        }
        if (tokens.kind(open - 1) == CTokens.WORD
            && ATTRIBUTE_CALLS.contains(tokens.tokenText(open - 1))) {
          j = open - 2;
          continue;
        }
        return j;
      } else if (tokens.kind(j) == CTokens.WORD) {
        j--;
      } else {
        return -1;
      }
    }
    return -1;
  }

  private boolean isFunctionBody(int s, int brace) {
    return parameterListClose(s, brace) > 0;
  }

  /** The name before the parameter list that ends before the body. */
  private String functionName(int s, int brace) {
    int close = parameterListClose(s, brace);
    int open = matchingOpenParen(close);
    return open - 1 >= s && tokens.kind(open - 1) == CTokens.WORD
        ? tokens.tokenText(open - 1) : null;
  }

  private boolean isAttributeWord(int i) {
    return ATTRIBUTE_WORDS.contains(tokens.tokenText(i));
  }

  /**
   * The first token of a definition whose text must not leave a conditional open or closed:
   * "#if A / static __always_inline / #else / static inline / #endif / u64 f(...)" starts at
   * "static" inside the #if, so its text would carry an #else and #endif without their #if; the
   * start moves back to that #if.
   */
  private int balancedStart(int s, int end) {
    int open = 0;
    int unmatched = 0;
    for (int i = s; i <= end; i++) {
      byte k = tokens.kind(i);
      if (k == CTokens.DIRECTIVE_IF) {
        open++;
      } else if (k == CTokens.DIRECTIVE_ENDIF) {
        if (open > 0) {
          open--;
        } else {
          unmatched++;
        }
      }
    }
    int start = s;
    int skip = 0;
    for (int i = s - 1; i >= 0 && unmatched > 0; i--) {
      byte k = tokens.kind(i);
      if (k == CTokens.DIRECTIVE_ENDIF) {
        skip++;
      } else if (k == CTokens.DIRECTIVE_IF) {
        if (skip > 0) {
          skip--;
        } else {
          unmatched--;
          start = i;
        }
      }
    }
    return start;
  }

  private void declared(int s, int semicolon) {
    String first = firstWord(s, semicolon);
    if (first == null) {
      return;
    }
    boolean typedef = first.equals("typedef");
    boolean isExtern = first.equals("extern");
    // struct/union/enum TAG { ... }: the tag, and an enum's enumerators
    for (int i = s; i < semicolon; i++) {
      if (structure.braceDepth(i) != 0 || tokens.kind(i) != CTokens.WORD) {
        continue;
      }
      String w = tokens.tokenText(i);
      if (!w.equals("struct") && !w.equals("union") && !w.equals("enum")) {
        continue;
      }
      int brace = i + 1;
      String tag = null;
      if (brace < semicolon && tokens.kind(brace) == CTokens.WORD) {
        tag = tokens.tokenText(brace);
        brace++;
      }
      while (brace < semicolon && (tokens.kind(brace) == CTokens.WORD && isAttributeWord(brace))) {
        brace++;
      }
      if (!tokens.isPunct(brace, '{')) {
        continue;
      }
      CDefinition def = new CDefinition(CDefinition.Kind.TYPE, tag == null ? "" : tag, source,
          tokens.start(s), tokens.end(semicolon), -1, conditions.at(s));
      if (tag != null) {
        add(tags, tag, def);
      }
      if (w.equals("enum")) {
        enumerators(brace, def);
      }
    }
    if (typedef) {
      String name = typedefName(s, semicolon);
      if (name != null) {
        add(ordinary, name, new CDefinition(CDefinition.Kind.TYPE, name, source,
            tokens.start(s), tokens.end(semicolon), -1, conditions.at(s)));
      }
      return;
    }
    // variables: declarators at depth 0 followed by '=', '[', ',' or ';' (not '(')
    for (int i = s; i < semicolon; i++) {
      if (structure.braceDepth(i) != 0 || structure.parenDepth(i) != 0
          || tokens.kind(i) != CTokens.WORD) {
        continue;
      }
      String w = tokens.tokenText(i);
      if (STORAGE_WORDS.contains(w) || Character.isDigit(w.charAt(0))) {
        continue;
      }
      int next = i + 1;
      // "static u64 cube_factor __read_mostly;": attributes may follow the declarator
      while (next < semicolon && tokens.kind(next) == CTokens.WORD && isAttributeWord(next)) {
        next++;
      }
      boolean ends = tokens.isPunct(next, '=') || tokens.isPunct(next, '[')
          || tokens.isPunct(next, ',') || tokens.isPunct(next, ';');
      if (!ends || isAttributeWord(i)) {
        continue;
      }
      if (isExtern && !hasAssign(s, semicolon)) {
        return;
      }
      if (tokens.isPunct(i - 1, '.')) {
        continue;
      }
      add(ordinary, w, new CDefinition(CDefinition.Kind.VARIABLE, w, source,
          tokens.start(s), tokens.end(semicolon), -1, conditions.at(s)));
      if (tokens.isPunct(next, '=') || tokens.isPunct(next, '[')) {
        return; // one declarator per table in practice; the rest is its initializer
      }
    }
  }

  private boolean hasAssign(int s, int e) {
    for (int i = s; i < e; i++) {
      if (structure.braceDepth(i) == 0 && tokens.isPunct(i, '=')) {
        return true;
      }
    }
    return false;
  }

  private String firstWord(int s, int e) {
    for (int i = s; i < e; i++) {
      if (tokens.kind(i) == CTokens.WORD) {
        return tokens.tokenText(i);
      }
      if (!tokens.isDirective(i)) {
        return null;
      }
    }
    return null;
  }

  /** {@code typedef ... name;}, {@code typedef ret (*name)(args);}, {@code typedef T name[N];}. */
  private String typedefName(int s, int semicolon) {
    // a function-pointer typedef: the word after "( *"
    for (int i = s; i + 2 < semicolon; i++) {
      if (structure.braceDepth(i) == 0 && tokens.isPunct(i, '(') && tokens.isPunct(i + 1, '*')
          && tokens.kind(i + 2) == CTokens.WORD) {
        return tokens.tokenText(i + 2);
      }
    }
    String last = null;
    for (int i = s; i < semicolon; i++) {
      if (structure.braceDepth(i) != 0) {
        continue;
      }
      if (tokens.isPunct(i, '[')) {
        break;
      }
      if (tokens.kind(i) == CTokens.WORD && !isAttributeWord(i)) {
        last = tokens.tokenText(i);
      }
    }
    return last;
  }

  private void enumerators(int brace, CDefinition def) {
    int close = matchingBrace(brace);
    boolean expectName = true;
    for (int i = brace + 1; i < close; i++) {
      if (tokens.isDirective(i)) {
        continue;
      }
      int depth = structure.braceDepth(i) - structure.braceDepth(brace) - 1;
      if (depth != 0 || structure.parenDepth(i) != structure.parenDepth(brace)) {
        continue;
      }
      if (expectName && tokens.kind(i) == CTokens.WORD) {
        add(ordinary, tokens.tokenText(i), def);
        expectName = false;
      } else if (tokens.isPunct(i, ',')) {
        expectName = true;
      }
    }
  }

  private int matchingBrace(int open) {
    int depth = structure.braceDepth(open);
    for (int i = open + 1; i < tokens.size(); i++) {
      if (tokens.isPunct(i, '}') && structure.braceDepth(i) == depth + 1
          && structure.altStart(i) <= open) {
        return i;
      }
    }
    return -1;
  }

  private int matchingOpenParen(int close) {
    int depth = 0;
    for (int i = close; i >= 0; i--) {
      if (tokens.isPunct(i, ')')) {
        depth++;
      } else if (tokens.isPunct(i, '(') && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  private static void add(Map<String, List<CDefinition>> map, String name, CDefinition def) {
    List<CDefinition> list = map.computeIfAbsent(name, k -> new ArrayList<>(1));
    for (CDefinition d : list) {
      if (d.start() == def.start()) {
        return;
      }
    }
    list.add(def);
  }
}
