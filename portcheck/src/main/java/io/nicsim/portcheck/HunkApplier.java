package io.nicsim.portcheck;

import io.nicsim.core.port.exec.KernelCException;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies one file's hunks as {@code patch -l} does: lines match whatever their blanks (a mail's
 * web view drops leading ones), a hunk is looked for at its stated line first and then ever
 * farther from it, and when its whole context matches nowhere, up to two context lines are let
 * go at each end (the fuzz). Context lines keep the tree's text; added lines are the patch's. A
 * hunk that matches nowhere is refused in one line naming the file, the hunk and the line where
 * it came closest; one whose result is already there says the tree carries it.
 */
final class HunkApplier {
  static final int MAX_FUZZ = 2;

  private HunkApplier() {}

  /** The file after the hunks, and how each was placed. */
  record Result(String text, List<String> notes) {}

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
      List<Boolean> oldIsContext = new ArrayList<>();
      for (KernelPatch.Line l : h.lines()) {
        if (l.op() != '+') {
          old.add(l.text());
          oldIsContext.add(l.op() == ' ');
        }
        if (l.op() != '-') {
          neu.add(l.text());
        }
      }
      int want = Math.max(0, h.oldStart() - 1 + offset);
      Placement p = null;
      for (int fuzz = 0; fuzz <= MAX_FUZZ && p == null; fuzz++) {
        int lead = Math.min(fuzz, leadingContext(oldIsContext));
        int trail = Math.min(fuzz, trailingContext(oldIsContext));
        if (fuzz > 0 && lead + trail == 0) {
          break;
        }
        if (lead + trail >= old.size()) {
          break;
        }
        List<String> core = old.subList(lead, old.size() - trail);
        int at = nearest(file, core, want + lead, floor);
        if (at >= 0) {
          p = new Placement(at - lead, lead, trail, fuzz);
        }
      }
      if (p == null) {
        throw refusal(patchName, path, h, file, old, neu, want);
      }
      // the matched lines are replaced: the tree's text for context, the patch's for additions
      int from = p.at + p.lead;
      int to = p.at + old.size() - p.trail;
      List<String> coreNew = new ArrayList<>();
      int oi = 0;
      for (KernelPatch.Line l : h.lines()) {
        boolean inCore = oi >= p.lead && oi < old.size() - p.trail;
        if (l.op() == '+') {
          if (oi >= p.lead && oi <= old.size() - p.trail) {
            coreNew.add(l.text());
          }
        } else {
          if (l.op() == ' ' && inCore) {
            coreNew.add(file.get(p.at + oi));
          }
          oi++;
        }
      }
      List<String> next = new ArrayList<>(file.subList(0, from));
      next.addAll(coreNew);
      next.addAll(file.subList(to, file.size()));
      int delta = p.at - (h.oldStart() - 1);
      StringBuilder note = new StringBuilder(path + ": hunk " + h.number() + " applied at line "
          + (from + 1));
      if (delta != 0) {
        note.append(" (offset ").append(delta > 0 ? "+" : "").append(delta).append(" lines)");
      }
      if (p.fuzz > 0) {
        note.append(" with fuzz ").append(p.fuzz);
      }
      if (!sameExactly(file, from, old.subList(p.lead, old.size() - p.trail))) {
        note.append(", blanks ignored");
      }
      notes.add(note.toString());
      offset = delta + coreNew.size() - (to - from);
      floor = from + coreNew.size();
      file = next;
    }
    String out = String.join("\n", file) + (finalNewline ? "\n" : "");
    return new Result(out, List.copyOf(notes));
  }

  private record Placement(int at, int lead, int trail, int fuzz) {}

  private static int leadingContext(List<Boolean> isContext) {
    int n = 0;
    while (n < isContext.size() && isContext.get(n)) {
      n++;
    }
    return n;
  }

  private static int trailingContext(List<Boolean> isContext) {
    int n = 0;
    while (n < isContext.size() && isContext.get(isContext.size() - 1 - n)) {
      n++;
    }
    return n;
  }

  /** The start nearest {@code want} (at or after {@code floor}) where {@code lines} match. */
  private static int nearest(List<String> file, List<String> lines, int want, int floor) {
    int last = file.size() - lines.size();
    for (int d = 0; d <= file.size(); d++) {
      int up = want - d;
      int down = want + d;
      if (down >= floor && down <= last && matches(file, down, lines)) {
        return down;
      }
      if (d > 0 && up >= floor && up <= last && matches(file, up, lines)) {
        return up;
      }
      if (up < floor && down > last) {
        break;
      }
    }
    return -1;
  }

  private static boolean matches(List<String> file, int at, List<String> lines) {
    for (int i = 0; i < lines.size(); i++) {
      if (!loose(file.get(at + i)).equals(loose(lines.get(i)))) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameExactly(List<String> file, int at, List<String> lines) {
    for (int i = 0; i < lines.size(); i++) {
      if (at + i >= file.size() || !file.get(at + i).equals(lines.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** A line with its blanks ignored: none at the ends, runs of them as one space. */
  static String loose(String line) {
    return line.strip().replaceAll("\\s+", " ");
  }

  private static KernelCException refusal(String patchName, String path, KernelPatch.Hunk h,
      List<String> file, List<String> old, List<String> neu, int want) {
    if (!neu.isEmpty() && nearest(file, neu, want, 0) >= 0 && !neu.equals(old)) {
      return new KernelCException(patchName + ": " + path + " hunk " + h.number() + " ("
          + h.header().strip() + ") is already in the tree (its result is there at line "
          + (nearest(file, neu, want, 0) + 1) + "): the tree carries this change");
    }
    // where it came closest: the start that matches the most of the hunk's first lines
    int bestAt = -1;
    int bestRun = -1;
    for (int at = 0; at + 1 <= file.size(); at++) {
      int run = 0;
      while (run < old.size() && at + run < file.size()
          && loose(file.get(at + run)).equals(loose(old.get(run)))) {
        run++;
      }
      if (run > bestRun || (run == bestRun && Math.abs(at - want) < Math.abs(bestAt - want))) {
        bestRun = run;
        bestAt = at;
      }
    }
    String where;
    if (bestRun <= 0) {
      where = "its first line '" + old.get(0).strip() + "' is nowhere in the file";
    } else {
      int line = bestAt + bestRun;
      where = "at line " + (line + 1) + " the hunk expects '" + old.get(bestRun).strip()
          + "', the tree has '" + (line < file.size() ? file.get(line).strip() : "(end of file)")
          + "'";
    }
    return new KernelCException(patchName + ": " + path + " hunk " + h.number() + " ("
        + h.header().strip() + ") does not apply: " + where);
  }
}
