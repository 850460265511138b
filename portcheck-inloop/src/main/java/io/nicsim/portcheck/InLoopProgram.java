package io.nicsim.portcheck;

import io.nicsim.core.port.exec.PortHarness;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One harness's program built for the loop: exactly the program {@code --execute} compiles
 * (the tree's function and what it uses, the harness's C, {@code nicsim_kernel.h}), with
 * {@code NICSIM_IN_LOOP} defined so that it is a library entry instead of a stdin loop.
 *
 * @param harness the harness
 * @param text the program, or empty when it cannot be built
 * @param inside the other harnessed functions taken into it from the tree (they run inside the
 *     function, as the tree's C)
 * @param taken every function taken from the tree, the function's own first
 * @param functions their definitions (where a compiler message's line lies)
 * @param reason why there is no program
 */
record InLoopProgram(PortHarness harness, String text, List<String> inside, List<String> taken,
    List<CDefinition> functions, String reason) {

  boolean ok() {
    return !text.isEmpty();
  }

  /** A harness's fixed CONFIG_HZ: its C's own {@code #define HZ n} line. */
  private static final Pattern HZ =
      Pattern.compile("(?m)^#define HZ (\\d+)$");

  /** The CONFIG_HZ the harness's C fixes, or 0 when it fixes none (HZ from the record). */
  int hz() {
    Matcher m = HZ.matcher(text);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }

  /**
   * The same program for a host of CONFIG_HZ {@code hz}: the harness's {@code #define HZ}
   * line says {@code hz} (the tree's HZ-derived macros follow it, as a kernel configured so).
   */
  InLoopProgram atHz(int hz) {
    return new InLoopProgram(harness, HZ.matcher(text).replaceFirst("#define HZ " + hz), inside,
        taken, functions, reason);
  }

  /** What {@code nicsim_kernel.h} defines: never taken from a tree. */
  private static final CDefinitions COMPAT =
      CDefinitions.of(new CSource(CProgram.COMPAT, CProgram.compatText()));

  /**
   * @param parsed the tree's files the harness names, parsed, by path (absent when the tree
   *     lacks them)
   */
  static InLoopProgram build(PortHarness h, Map<String, CDefinitions> parsed,
      KernelRelease release, Set<String> harnessed) {
    String file = h.file();
    String function = h.function();
    if (h.notRun().isPresent()) {
      return failed(h, "its harness does not run it: " + h.notRun().get());
    }
    CDefinitions home = parsed.get(file);
    if (home == null) {
      return failed(h, file + " is not in the tree");
    }
    List<CDefinitions> sources = new ArrayList<>();
    for (String path : h.sources()) {
      CDefinitions d = parsed.get(path);
      if (d != null && !sources.contains(d)) {
        sources.add(d);
      }
    }
    if (!sources.contains(home)) {
      sources.add(0, home);
    }
    Map<String, String> sections;
    try {
      sections = CProgram.sections(h.program(), "harness/" + function + ".c");
    } catch (IllegalArgumentException e) {
      return failed(h, e.getMessage());
    }
    List<CDefinitions> provided = List.of(COMPAT,
        CDefinitions.of(new CSource("harness", h.program())));
    CExtraction.Result taken = CExtraction.take(sources, provided, function, home,
        CExtraction.references(h.program()));
    if (taken.root().isEmpty()) {
      return failed(h, function + " is not defined in " + file + " of the tree");
    }
    // the in-loop units: each its own extraction, its macros scoped to it
    StringBuilder units = new StringBuilder();
    List<CDefinition> fromUnits = new ArrayList<>();
    Set<String> emitted = new HashSet<>();
    for (List<CDefinition> defs : List.of(taken.macros(), taken.types(), taken.variables(),
        taken.functions())) {
      defs.forEach(d -> emitted.add(d.key()));
    }
    for (PortHarness.Unit u : h.inLoopUnits()) {
      CDefinitions uhome = parsed.get(u.file());
      if (uhome == null) {
        return failed(h, u.file() + " is not in the tree");
      }
      List<CDefinitions> usources = new ArrayList<>(List.of(uhome));
      for (String path : u.sources()) {
        CDefinitions d = parsed.get(path);
        if (d != null && !usources.contains(d)) {
          usources.add(d);
        }
      }
      List<String[]> others = new ArrayList<>();
      for (String f : u.functions().subList(1, u.functions().size())) {
        others.add(new String[] {"o", f});
      }
      CExtraction.Result ut = CExtraction.take(usources, provided, u.functions().get(0), uhome,
          others);
      if (ut.root().isEmpty()) {
        return failed(h, u.functions().get(0) + " is not defined in " + u.file()
            + " of the tree");
      }
      for (String f : u.functions()) {
        if (ut.functions().stream().noneMatch(d -> d.name().equals(f))) {
          return failed(h, f + " is not defined in " + u.file() + " of the tree");
        }
      }
      units.append(CProgram.unit(u.file(), ut, emitted));
      fromUnits.addAll(ut.functions());
    }
    List<CDefinition> functions = new ArrayList<>(taken.functions());
    for (CDefinition d : fromUnits) {
      if (!functions.contains(d)) {
        functions.add(d);
      }
    }
    List<String> inside = new ArrayList<>();
    List<String> all = new ArrayList<>(List.of(function));
    for (CDefinition d : functions) {
      if (!all.contains(d.name())) {
        all.add(d.name());
      }
      if (!d.name().equals(function) && !inside.contains(d.name())
          && harnessed.contains(d.source().path() + " " + d.name())) {
        inside.add(d.name());
      }
    }
    String program = "#define NICSIM_IN_LOOP 1\n"
        + CProgram.assemble(taken, sections, h.inputs().size(), release, List.of(),
            units.toString());
    return new InLoopProgram(h, program, List.copyOf(inside), List.copyOf(all),
        List.copyOf(functions), "");
  }

  /**
   * The tree function a compiler message ({@code path:line:col: error: …}) points into, or the
   * program's own function.
   */
  String functionAt(String message) {
    Matcher m = Pattern.compile("^([^:]+):(\\d+):")
        .matcher(message);
    if (m.find()) {
      int line = Integer.parseInt(m.group(2));
      for (CDefinition d : functions) {
        int first = d.line();
        int last = first + (int) d.text().chars().filter(ch -> ch == '\n').count();
        if (d.source().path().equals(m.group(1)) && line >= first && line <= last) {
          return d.name();
        }
      }
    }
    return harness.function();
  }

  private static InLoopProgram failed(PortHarness h, String reason) {
    return new InLoopProgram(h, "", List.of(), List.of(), List.of(), reason);
  }
}
