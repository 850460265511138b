package io.nicsim.portcheck;

import io.nicsim.core.port.exec.KernelCException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Applies one file's hunks as {@code patch -l} does: lines match whatever their blanks (a mail's
 * web view drops leading ones), a hunk is looked for at its stated line first and then ever
 * farther from it, and when its whole context matches nowhere, up to two context lines are let
 * go at each end (the fuzz). A hunk is looked for in the function its header names first. A hunk whose blank context lines the web view dropped lets the
 * tree's blank lines stand in for them. Context lines keep the tree's text; added lines are the
 * patch's. A hunk that matches nowhere is refused in one line naming the file, the hunk and the
 * line where it came closest; one whose result is already there says the tree carries it.
 */
final class HunkApplier {
  static final int MAX_FUZZ = 2;

  private HunkApplier() {}

  /** The file after the hunks, and how each was placed. */
  record Result(String text, List<String> notes) {}

  /** Where a hunk's old lines sit: {@code at[j]} the file line of old line j, -1 if fuzzed away. */
  private record Placement(int[] at, int fuzz, int first, int last) {}

  static Result apply(String patchName, KernelPatch.FileDiff diff, String text) {
    String path = diff.path();
    boolean finalNewline = text.isEmpty() || text.endsWith("\n");
    List<String> file = new ArrayList<>(List.of(text.split("\n", -1)));
    if (finalNewline && !file.isEmpty()) {
      file.remove(file.size() - 1);
    }
    List<String> notes = new ArrayList<>();
    int offset = 0;
    int floor = 0;
    for (KernelPatch.Hunk h : diff.hunks()) {
      List<String> old = new ArrayList<>();
      List<String> neu = new ArrayList<>();
      List<Boolean> context = new ArrayList<>();
      for (KernelPatch.Line l : h.lines()) {
        if (l.op() != '+') {
          old.add(l.text());
          context.add(l.op() == ' ');
        }
        if (l.op() != '-') {
          neu.add(l.text());
        }
      }
      boolean blanksMayBeMissing = h.lostBlanks() > 0;
      int want = Math.max(0, h.oldStart() - 1 + offset);
      // the function the hunk header names, when the tree has it once: looked in first, so
      // that of two functions with the same lines (stmmac_xmit and stmmac_tso_xmit) the hunk
      // lands in its own even where the tree's offsets put the other one nearer
      int[] scope = function(file, h.header(), floor);
      Placement p = null;
      if (scope != null) {
        p = place(file, old, context, want, scope[0], scope[1], blanksMayBeMissing);
      }
      if (p == null) {
        p = place(file, old, context, want, floor, file.size(), blanksMayBeMissing);
      }
      if (p == null) {
        throw refusal(patchName, path, h, file, old, neu, want, blanksMayBeMissing);
      }
      // the matched lines are rebuilt: the tree's text for context (and for the blank lines
      // standing in for dropped ones), the patch's for additions
      List<String> region = new ArrayList<>();
      int oi = 0;
      int fileAt = p.first();
      for (KernelPatch.Line l : h.lines()) {
        if (l.op() == '+') {
          if (oi > 0 && p.at()[oi - 1] >= 0 || oi < old.size() && p.at()[oi] >= 0) {
            region.add(l.text());
          }
          continue;
        }
        int f = p.at()[oi];
        if (f >= 0) {
          while (fileAt < f) {
            region.add(file.get(fileAt++)); // a blank line the hunk lost
          }
          if (l.op() == ' ') {
            region.add(file.get(f));
          }
          fileAt = f + 1;
        }
        oi++;
      }
      List<String> next = new ArrayList<>(file.subList(0, p.first()));
      next.addAll(region);
      next.addAll(file.subList(p.last() + 1, file.size()));
      int delta = p.first() - (h.oldStart() - 1) - leadFuzzed(p);
      StringBuilder note = new StringBuilder(path + ": hunk " + h.number() + " applied at line "
          + (p.first() + 1 - leadFuzzed(p)));
      if (delta != 0) {
        note.append(" (offset ").append(delta > 0 ? "+" : "").append(delta).append(" lines)");
      }
      if (p.fuzz() > 0) {
        note.append(" with fuzz ").append(p.fuzz());
      }
      if (!exact(file, p, old)) {
        note.append(", blanks ignored");
      }
      if (h.lostBlanks() > 0) {
        note.append(", ").append(h.lostBlanks()).append(" blank context line")
            .append(h.lostBlanks() == 1 ? "" : "s").append(" the mail dropped");
      }
      notes.add(note.toString());
      int consumed = p.last() - p.first() + 1;
      offset = delta + region.size() - consumed;
      floor = p.first() + region.size();
      file = next;
    }
    String out = String.join("\n", file) + (finalNewline ? "\n" : "");
    return new Result(out, List.copyOf(notes));
  }

  /** The hunk at the least fuzz that places it between {@code floor} and {@code ceil}. */
  private static Placement place(List<String> file, List<String> old, List<Boolean> context,
      int want, int floor, int ceil, boolean blanks) {
    for (int fuzz = 0; fuzz <= MAX_FUZZ; fuzz++) {
      int lead = Math.min(fuzz, leading(context));
      int trail = Math.min(fuzz, trailing(context));
      if (fuzz > 0 && lead + trail == 0 || lead + trail >= old.size()) {
        break;
      }
      Placement p = nearest(file, old, lead, old.size() - trail, want, floor, ceil, blanks,
          fuzz);
      if (p != null) {
        return p;
      }
    }
    return null;
  }

  /**
   * The lines from the definition the hunk header names (the text after its second
   * {@code @@}, which diff takes from the line that opens the enclosing function) to the
   * closing brace in column 0 after it, or null when the header names nothing or the tree
   * opens no such definition exactly once at or after {@code floor}.
   */
  private static int[] function(List<String> file, String header, int floor) {
    int at = header.indexOf("@@", 2);
    String name = at < 0 ? "" : loose(header.substring(at + 2));
    if (name.isEmpty()) {
      return null;
    }
    int start = -1;
    for (int i = floor; i < file.size(); i++) {
      String line = file.get(i);
      // a definition, not a declaration (stmmac_main.c declares stmmac_tx_timer_arm first)
      if (loose(line).startsWith(name) && !line.strip().endsWith(";")) {
        if (start >= 0) {
          return null;
        }
        start = i;
      }
    }
    if (start < 0) {
      return null;
    }
    for (int i = start + 1; i < file.size(); i++) {
      if (file.get(i).equals("}")) {
        return new int[] {start, i + 1};
      }
    }
    return null;
  }

  private static int leadFuzzed(Placement p) {
    int n = 0;
    while (n < p.at().length && p.at()[n] < 0) {
      n++;
    }
    return n;
  }

  private static int leading(List<Boolean> context) {
    int n = 0;
    while (n < context.size() && context.get(n)) {
      n++;
    }
    return n;
  }

  private static int trailing(List<Boolean> context) {
    int n = 0;
    while (n < context.size() && context.get(context.size() - 1 - n)) {
      n++;
    }
    return n;
  }

  /** The placement of old lines {@code from..to} starting nearest {@code want}, or null. */
  private static Placement nearest(List<String> file, List<String> old, int from, int to,
      int want, int floor, int ceil, boolean blanks, int fuzz) {
    int end = Math.min(ceil, file.size());
    // outward from want (which may lie past the file's end) until both ways are out of range
    for (int d = 0; ; d++) {
      int down = want + from + d;
      int up = want + from - d;
      if (down >= floor && down < end) {
        int[] at = align(file, old, from, to, down, blanks);
        if (at != null) {
          return placement(at, fuzz, from, to);
        }
      }
      if (d > 0 && up >= floor && up < end) {
        int[] at = align(file, old, from, to, up, blanks);
        if (at != null) {
          return placement(at, fuzz, from, to);
        }
      }
      if (up < floor && down >= end) {
        break;
      }
    }
    return null;
  }

  private static Placement placement(int[] at, int fuzz, int from, int to) {
    return new Placement(at, fuzz, at[from], at[to - 1]);
  }

  /**
   * Old lines {@code from..to} matched from file line {@code start} (the tree's blank lines
   * skipped where the hunk may have lost them), or null.
   */
  private static int[] align(List<String> file, List<String> old, int from, int to, int start,
      boolean blanks) {
    int[] at = new int[old.size()];
    Arrays.fill(at, -1);
    int f = start;
    for (int j = from; j < to; j++) {
      String want = loose(old.get(j));
      if (blanks && !want.isEmpty() && j > from) {
        while (f < file.size() && file.get(f).isBlank()) {
          f++;
        }
      }
      if (f >= file.size() || !loose(file.get(f)).equals(want)) {
        return null;
      }
      at[j] = f++;
    }
    return at;
  }

  private static boolean exact(List<String> file, Placement p, List<String> old) {
    for (int j = 0; j < old.size(); j++) {
      if (p.at()[j] >= 0 && !file.get(p.at()[j]).equals(old.get(j))) {
        return false;
      }
    }
    return p.last() - p.first() + 1 == (int) Arrays.stream(p.at()).filter(a -> a >= 0)
        .count();
  }

  /** A line with its blanks ignored: none at the ends, runs of them as one space. */
  static String loose(String line) {
    return line.strip().replaceAll("\\s+", " ");
  }

  private static KernelCException refusal(String patchName, String path, KernelPatch.Hunk h,
      List<String> file, List<String> old, List<String> neu, int want, boolean blanks) {
    if (!neu.equals(old)) {
      Placement done = nearest(file, neu, 0, neu.size(), want, 0, file.size(), blanks, 0);
      if (done != null) {
        return new KernelCException(patchName + ": " + path + " hunk " + h.number() + " ("
            + h.header().strip() + ") is already in the tree (its result is there at line "
            + (done.first() + 1) + "): the tree carries this change");
      }
    }
    // where it came closest: the start that matches the most of the hunk's first lines
    int bestAt = -1;
    int bestRun = -1;
    int bestLine = -1;
    for (int at = 0; at < file.size(); at++) {
      int run = 0;
      int f = at;
      while (run < old.size()) {
        String w = loose(old.get(run));
        if (blanks && !w.isEmpty() && run > 0) {
          while (f < file.size() && file.get(f).isBlank()) {
            f++;
          }
        }
        if (f >= file.size() || !loose(file.get(f)).equals(w)) {
          break;
        }
        run++;
        f++;
      }
      if (run > bestRun || (run == bestRun && Math.abs(at - want) < Math.abs(bestAt - want))) {
        bestRun = run;
        bestAt = at;
        bestLine = f;
      }
    }
    String where;
    if (bestRun <= 0) {
      where = "its first line '" + old.get(0).strip() + "' is nowhere in the file";
    } else {
      where = "at line " + (bestLine + 1) + " the hunk expects '" + old.get(bestRun).strip()
          + "', the tree has '" + (bestLine < file.size() ? file.get(bestLine).strip()
              : "(end of file)") + "'";
    }
    return new KernelCException(patchName + ": " + path + " hunk " + h.number() + " ("
        + h.header().strip() + ") does not apply: " + where);
  }
}
