package io.nicsim.cli.layering;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Main and harness code names a type by its import, never inline as {@code java.util.Arrays} or
 * {@code io.nicsim.core.kernel.Napi}: an inline name hides a dependency from the import list a
 * reader (and the layering rules' reader) looks at first. Comments, strings and the import and
 * package lines are not code.
 */
class NoInlineQualifiedNamesTest {
  /** A package path of lower-case segments, then a type's name. */
  private static final Pattern QUALIFIED = Pattern.compile(
      "(?<![\\w.])(?:java|javax|jdk|io\\.nicsim|com\\.google|com\\.fasterxml|org|picocli)"
          + "\\.(?:[a-z_][a-z0-9_]*\\.)*[A-Z]\\w*");

  @Test
  void noMainOrHarnessSourceNamesATypeInline() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path f : MainSources.javaFiles(Path.of(".."))) {
      for (String name : inlineNames(Files.readString(f))) {
        found.add(f + ": " + name);
      }
    }
    assertThat(found).as("inline fully-qualified names (import them)").isEmpty();
  }

  @Test
  void theScanFindsCodeAndSkipsCommentsStringsAndImports() {
    String source = String.join("\n",
        "package a.b;",
        "import java.util.List;",
        "/** {@link java.util.Map} */",
        "class X {",
        "  // java.util.Set in a comment",
        "  String s = \"java.util.Deque\";",
        "  char c = '\"';",
        "  int[] w = java.util.Arrays.copyOf(v, 2);",
        "  Object o = io.nicsim.core.kernel.Napi.SCHED;",
        "}");
    assertThat(inlineNames(source))
        .containsExactly("java.util.Arrays", "io.nicsim.core.kernel.Napi");
  }

  /** The qualified type names in {@code source}'s code. */
  static List<String> inlineNames(String source) {
    String code = codeOnly(source);
    List<String> names = new ArrayList<>();
    Matcher m = QUALIFIED.matcher(code);
    while (m.find()) {
      names.add(m.group());
    }
    return names;
  }

  /**
   * {@code source} with comments, string, text-block and char literals, and import and package
   * lines blanked (same length, so nothing joins across them).
   */
  private static String codeOnly(String source) {
    StringBuilder out = new StringBuilder(source);
    int n = source.length();
    int i = 0;
    while (i < n) {
      int end;
      if (source.startsWith("//", i)) {
        end = indexOrEnd(source, "\n", i);
      } else if (source.startsWith("/*", i)) {
        end = indexOrEnd(source, "*/", i + 2) + 2;
      } else if (source.startsWith("\"\"\"", i)) {
        end = indexOrEnd(source, "\"\"\"", i + 3) + 3;
      } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
        char quote = source.charAt(i);
        end = i + 1;
        while (end < n && source.charAt(end) != quote) {
          end += source.charAt(end) == '\\' ? 2 : 1;
        }
        end++;
      } else if ((i == 0 || source.charAt(i - 1) == '\n')
          && (source.startsWith("import ", i) || source.startsWith("package ", i))) {
        end = indexOrEnd(source, "\n", i);
      } else {
        i++;
        continue;
      }
      end = Math.min(end, n);
      for (int k = i; k < end; k++) {
        if (out.charAt(k) != '\n') {
          out.setCharAt(k, ' ');
        }
      }
      i = end;
    }
    return out.toString();
  }

  private static int indexOrEnd(String s, String what, int from) {
    int at = s.indexOf(what, from);
    return at < 0 ? s.length() : at;
  }
}
