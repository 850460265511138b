package io.nicsim.portcheck;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A unified diff between two definitions of a function, as {@code diff -u} would show it on the
 * two files: hunk line numbers are those of the files, paths are prefixed {@code a/} and
 * {@code b/}.
 */
public final class FunctionDiff {
  private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(,\\d+)? \\+(\\d+)(,\\d+)? @@");
  private static final int CONTEXT = 3;

  private FunctionDiff() {}

  /** The diff, ending in a newline; empty when the two texts are identical. */
  public static String unified(CFunction before, CFunction after) {
    List<String> a = lines(before.text());
    List<String> b = lines(after.text());
    Patch<String> patch = DiffUtils.diff(a, b);
    if (patch.getDeltas().isEmpty()) {
      return "";
    }
    List<String> diff =
        UnifiedDiffUtils.generateUnifiedDiff(
            "a/" + before.source().path(), "b/" + after.source().path(), a, patch, CONTEXT);
    int beforeOffset = before.line() - 1;
    int afterOffset = after.line() - 1;
    StringBuilder out = new StringBuilder();
    for (String line : diff) {
      out.append(shiftHunk(line, beforeOffset, afterOffset)).append('\n');
    }
    return out.toString();
  }

  private static List<String> lines(String text) {
    return List.of(text.replace("\r\n", "\n").split("\n", -1));
  }

  private static String shiftHunk(String line, int beforeOffset, int afterOffset) {
    Matcher m = HUNK.matcher(line);
    if (!m.find()) {
      return line;
    }
    return "@@ -" + (Integer.parseInt(m.group(1)) + beforeOffset) + nullToEmpty(m.group(2))
        + " +" + (Integer.parseInt(m.group(3)) + afterOffset) + nullToEmpty(m.group(4)) + " @@"
        + line.substring(m.end());
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }
}
