package io.nicsim.portcheck;

import io.nicsim.core.port.exec.KernelCException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A patch as a reviewer hands it over: a {@code git format-patch} file, a plain {@code diff -u},
 * or a netdev mail as the list's web view shows it, where context lines have lost their
 * leading blank (and every other leading blank), addresses read {@code •} for {@code .}, and
 * replies may quote the patch again. The unquoted diff is read (the first quoting level when
 * the text has no unquoted one); a file diff that repeats one already read (a thread holding
 * the same patch twice) is read once.
 *
 * @param name the file it came from, for messages
 * @param files the file diffs, in order
 * @param repeats how many repeated file diffs were dropped
 */
record KernelPatch(String name, List<FileDiff> files, int repeats) {

  /** The changes to one file. {@code oldPath} is null for a new file, {@code newPath} for a deleted one. */
  record FileDiff(String oldPath, String newPath, List<Hunk> hunks) {
    String path() {
      return newPath != null ? newPath : oldPath;
    }
  }

  /**
   * One {@code @@ -a,b +c,d @@} hunk: its lines as {@code ' '}, {@code '-'} or {@code '+'} and
   * text. {@code lostBlanks}: blank context lines the text no longer has (a web view drops
   * them), which the tree's blank lines may stand in for when the hunk is matched.
   */
  record Hunk(int number, int oldStart, int oldCount, int newStart, int newCount, String header,
      List<Line> lines, int lostBlanks) {}

  record Line(char op, String text) {}

  private static final Pattern HUNK =
      Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@.*$");
  private static final Pattern GIT = Pattern.compile("^diff --git a/(\\S+) b/(\\S+)\\s*$");

  static KernelPatch parse(String name, String text) {
    String t = text.replace("\r\n", "\n").replace('\u2022', '.');
    List<String> lines = List.of(t.split("\n", -1));
    List<FileDiff> files = read(name, lines);
    if (files.isEmpty()) {
      List<String> quoted = new ArrayList<>();
      for (String l : lines) {
        quoted.add(l.startsWith(">") ? l.substring(l.startsWith("> ") ? 2 : 1) : "");
      }
      files = read(name, quoted);
    }
    if (files.isEmpty()) {
      throw new KernelCException(name + ": no diff in it (accepted: a git format-patch file, a"
          + " diff -u, or a netdev mail holding one)");
    }
    List<FileDiff> unique = new ArrayList<>();
    int repeats = 0;
    for (FileDiff f : files) {
      if (unique.stream().anyMatch(u -> same(u, f))) {
        repeats++;
      } else {
        unique.add(f);
      }
    }
    return new KernelPatch(name, List.copyOf(unique), repeats);
  }

  private static boolean same(FileDiff a, FileDiff b) {
    if (!String.valueOf(a.oldPath()).equals(String.valueOf(b.oldPath()))
        || !String.valueOf(a.newPath()).equals(String.valueOf(b.newPath()))
        || a.hunks().size() != b.hunks().size()) {
      return false;
    }
    for (int i = 0; i < a.hunks().size(); i++) {
      if (!a.hunks().get(i).lines().equals(b.hunks().get(i).lines())) {
        return false;
      }
    }
    return true;
  }

  private static List<FileDiff> read(String name, List<String> lines) {
    List<FileDiff> out = new ArrayList<>();
    int i = 0;
    while (i < lines.size()) {
      String l = lines.get(i);
      if (l.startsWith("--- ") && i + 1 < lines.size() && lines.get(i + 1).startsWith("+++ ")) {
        String oldPath = path(l.substring(4));
        String newPath = path(lines.get(i + 1).substring(4));
        i += 2;
        List<Hunk> hunks = new ArrayList<>();
        while (i < lines.size()) {
          Matcher m = HUNK.matcher(lines.get(i));
          if (!m.matches()) {
            if (lines.get(i).startsWith("--- ") || GIT.matcher(lines.get(i)).matches()
                || lines.get(i).startsWith("diff ")) {
              break;
            }
            i++;
            continue;
          }
          int oldCount = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
          int newCount = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
          String path = newPath != null ? newPath : oldPath;
          int number = hunks.size() + 1;
          i++;
          List<Line> body = new ArrayList<>();
          int o = 0;
          int n = 0;
          while ((o < oldCount || n < newCount) && i < lines.size() && !ends(lines, i)) {
            String b = lines.get(i++);
            if (b.startsWith("\\")) {
              continue; // "\ No newline at end of file"
            }
            char op = b.isEmpty() ? ' ' : b.charAt(0);
            if (op == '-' && o < oldCount) {
              body.add(new Line('-', b.substring(1)));
              o++;
            } else if (op == '+' && n < newCount) {
              body.add(new Line('+', b.substring(1)));
              n++;
            } else {
              // a context line: " text", or (a mail's web view) the text without its blank
              body.add(new Line(' ', b.isEmpty() ? "" : op == ' ' ? b.substring(1) : b));
              o++;
              n++;
            }
          }
          // a web view drops blank context lines: both sides then miss the same number
          int lost = oldCount - o;
          if (lost < 0 || lost != newCount - n) {
            throw new KernelCException(name + ": " + path + " hunk " + number + " ("
                + m.group(0).strip() + ") has " + o + " old and " + n + " new lines where it"
                + " states " + oldCount + " and " + newCount + " (the patch is cut short or"
                + " mangled)");
          }
          hunks.add(new Hunk(number, Integer.parseInt(m.group(1)), oldCount,
              Integer.parseInt(m.group(3)), newCount, m.group(0), List.copyOf(body), lost));
        }
        if (hunks.isEmpty()) {
          throw new KernelCException(name + ": the diff of " + (newPath != null ? newPath
              : oldPath) + " has no hunk");
        }
        out.add(new FileDiff(oldPath, newPath, List.copyOf(hunks)));
        continue;
      }
      i++;
    }
    return out;
  }

  /**
   * Whether line {@code i} cannot belong to a hunk: the next hunk or file, the mail's signature
   * ({@code -- }), the end of a message in the list's web view.
   */
  private static boolean ends(List<String> lines, int i) {
    String l = lines.get(i);
    return l.startsWith("@@ ") || l.startsWith("diff ") || l.equals("--") || l.equals("-- ")
        || l.startsWith("^ permalink") || (l.startsWith("--- ") && i + 1 < lines.size()
            && lines.get(i + 1).startsWith("+++ "));
  }

  /** {@code a/drivers/x.c} (or {@code /dev/null}, then null) as a tree path. */
  private static String path(String header) {
    String p = header.strip();
    int tab = p.indexOf('\t');
    if (tab >= 0) {
      p = p.substring(0, tab);
    }
    if (p.equals("/dev/null")) {
      return null;
    }
    int slash = p.indexOf('/');
    return slash >= 0 && (p.startsWith("a/") || p.startsWith("b/")) ? p.substring(slash + 1) : p;
  }
}
