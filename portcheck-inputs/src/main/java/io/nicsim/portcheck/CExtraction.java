package io.nicsim.portcheck;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a harness's program takes from a tree: the ported function and, transitively, every
 * definition its text uses that the harness's sources define and the harness's own C does not
 * (macros, enums, structs, typedefs, static tables, helper functions). A name is looked up in
 * the sources in order; the first file that defines it gives all its definitions there (its
 * {@code #if} variants).
 */
final class CExtraction {
  private final List<CDefinitions> sources;
  private final Set<String> providedOrdinary;
  private final Set<String> providedTags;
  private final Map<String, CDefinition> taken = new LinkedHashMap<>();
  private final Map<CDefinition, List<String>> typeRefs = new HashMap<>();
  private final Set<String> unresolved = new HashSet<>();

  private CExtraction(List<CDefinitions> sources, Set<String> ordinary, Set<String> tags) {
    this.sources = sources;
    this.providedOrdinary = ordinary;
    this.providedTags = tags;
  }

  /** The result: definitions grouped for emission, in an order that compiles. */
  record Result(
      List<CDefinition> macros, List<CDefinition> types, List<CDefinition> variables,
      List<CDefinition> functions, Optional<CDefinition> root, Set<String> unresolved) {}

  /**
   * @param sources the harness's source files, parsed, in lookup order
   * @param provided the harness's and the compatibility header's own definitions
   * @param function the ported function (looked up in the first source)
   */
  static Result take(List<CDefinitions> sources, List<CDefinitions> provided, String function) {
    return take(sources, provided, function, sources.isEmpty() ? null : sources.get(0));
  }

  /** As above, the function looked up in {@code home} (its own file). */
  static Result take(List<CDefinitions> sources, List<CDefinitions> provided, String function,
      CDefinitions home) {
    return take(sources, provided, function, home, List.of());
  }

  /**
   * As above; {@code alsoUsed} are names the harness's own C uses (the types it fills, the
   * tree functions its driver calls), taken like the function's own references.
   */
  static Result take(List<CDefinitions> sources, List<CDefinitions> provided, String function,
      CDefinitions home, List<String[]> alsoUsed) {
    Set<String> ordinary = new HashSet<>();
    Set<String> tags = new HashSet<>();
    for (CDefinitions p : provided) {
      ordinary.addAll(p.ordinaryNames());
      tags.addAll(p.tagNames());
    }
    CExtraction x = new CExtraction(sources, ordinary, tags);
    Optional<CDefinition> root = x.run(function, home, alsoUsed);
    return x.result(root);
  }

  private Optional<CDefinition> run(String function, CDefinitions home, List<String[]> alsoUsed) {
    Deque<String[]> queue = new ArrayDeque<>();
    Set<String> seen = new HashSet<>();
    CDefinition root = null;
    if (home != null) {
      for (CDefinition d : home.ordinary(function)) {
        if (d.kind() == CDefinition.Kind.FUNCTION) {
          root = d;
        }
      }
    }
    if (root == null) {
      return Optional.empty();
    }
    seen.add("o:" + function);
    add(root, queue);
    queue.addAll(alsoUsed);
    while (!queue.isEmpty()) {
      String[] ref = queue.poll();
      boolean tag = ref[0].equals("t");
      String name = ref[1];
      if (!seen.add(ref[0] + ":" + name)) {
        continue;
      }
      if (tag ? providedTags.contains(name) : providedOrdinary.contains(name)) {
        continue;
      }
      boolean found = false;
      for (CDefinitions file : sources) {
        List<CDefinition> defs = tag ? file.tag(name) : file.ordinary(name);
        if (!defs.isEmpty()) {
          defs.forEach(d -> add(d, queue));
          found = true;
          break;
        }
      }
      if (!found) {
        unresolved.add(name);
      }
    }
    return Optional.of(root);
  }

  private void add(CDefinition d, Deque<String[]> queue) {
    if (taken.putIfAbsent(d.key(), d) != null) {
      return;
    }
    List<String[]> refs = references(d);
    List<String> types = new ArrayList<>();
    for (String[] r : refs) {
      queue.add(r);
      types.add(r[0] + ":" + r[1]);
    }
    typeRefs.put(d, types);
  }

  /** Names a C text uses (a harness's own program). */
  static List<String[]> references(String text) {
    return references(new CDefinition(CDefinition.Kind.FUNCTION, "", new CSource("harness", text),
        0, text.length(), -1, ""));
  }

  /** Names the definition's text uses: {@code {"t", tag}} after struct/union/enum, else {@code {"o", name}}. */
  static List<String[]> references(CDefinition d) {
    String text = d.text();
    CTokens t;
    if (d.kind() == CDefinition.Kind.MACRO) {
      String[] parts = Conditions.split(Conditions.stripComments(text));
      String body = parts[1];
      int nameEnd = 0;
      while (nameEnd < body.length() && CTokenizer.isWordChar(body.charAt(nameEnd))) {
        nameEnd++;
      }
      t = CTokenizer.tokenizeWithoutDirectives(body.substring(nameEnd));
    } else {
      t = CTokenizer.tokenize(text);
    }
    List<String[]> out = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) {
      if (t.kind(i) == CTokens.DIRECTIVE_OTHER) {
        // a #define inside a body: its own references
        CTokens inner = CTokenizer.tokenizeWithoutDirectives(t.tokenText(i));
        for (int k = 0; k < inner.size(); k++) {
          if (inner.kind(k) == CTokens.WORD) {
            out.add(new String[] {"o", inner.tokenText(k)});
          }
        }
        continue;
      }
      if (t.kind(i) != CTokens.WORD || Character.isDigit(t.text().charAt(t.start(i)))) {
        continue;
      }
      if (i > 0 && (t.isPunct(i - 1, '.') || (t.isPunct(i - 1, '>') && i > 1 && t.isPunct(i - 2, '-')))) {
        continue; // a member name
      }
      String w = t.tokenText(i);
      boolean tag = i > 0 && t.kind(i - 1) == CTokens.WORD
          && (t.isWord(i - 1, "struct") || t.isWord(i - 1, "union") || t.isWord(i - 1, "enum"));
      out.add(new String[] {tag ? "t" : "o", w});
    }
    return out;
  }

  private Result result(Optional<CDefinition> root) {
    List<CDefinition> macros = new ArrayList<>();
    List<CDefinition> types = new ArrayList<>();
    List<CDefinition> variables = new ArrayList<>();
    List<CDefinition> functions = new ArrayList<>();
    for (CDefinition d : taken.values()) {
      switch (d.kind()) {
        case MACRO -> macros.add(d);
        case TYPE -> types.add(d);
        case VARIABLE -> variables.add(d);
        case FUNCTION -> functions.add(d);
      }
    }
    Comparator<CDefinition> fileOrder = Comparator
        .comparingInt((CDefinition d) -> sourceIndex(d))
        .thenComparingInt(CDefinition::start);
    macros.sort(fileOrder);
    variables.sort(fileOrder);
    functions.sort(fileOrder);
    types.sort(fileOrder);
    return new Result(macros, typeOrder(types), variables, functions, root, Set.copyOf(unresolved));
  }

  private int sourceIndex(CDefinition d) {
    for (int i = 0; i < sources.size(); i++) {
      if (sources.get(i).source() == d.source()) {
        return i;
      }
    }
    return sources.size();
  }

  /** Types before the types that use them (a struct holding another by value), else file order. */
  private List<CDefinition> typeOrder(List<CDefinition> types) {
    Map<String, List<CDefinition>> byName = new HashMap<>();
    for (CDefinition d : types) {
      // a typedef is an ordinary name, a struct/union/enum a tag (an enumerator's enum both)
      byName.computeIfAbsent("t:" + d.name(), k -> new ArrayList<>()).add(d);
      byName.computeIfAbsent("o:" + d.name(), k -> new ArrayList<>()).add(d);
    }
    List<CDefinition> out = new ArrayList<>();
    Set<CDefinition> done = new HashSet<>();
    Set<CDefinition> visiting = new HashSet<>();
    for (CDefinition d : types) {
      visit(d, byName, out, done, visiting);
    }
    return out;
  }

  private void visit(CDefinition d, Map<String, List<CDefinition>> byName, List<CDefinition> out,
      Set<CDefinition> done, Set<CDefinition> visiting) {
    if (done.contains(d) || !visiting.add(d)) {
      return;
    }
    for (String ref : typeRefs.getOrDefault(d, List.of())) {
      for (CDefinition dep : byName.getOrDefault(ref, List.of())) {
        if (dep != d) {
          visit(dep, byName, out, done, visiting);
        }
      }
    }
    visiting.remove(d);
    done.add(d);
    out.add(d);
  }
}
