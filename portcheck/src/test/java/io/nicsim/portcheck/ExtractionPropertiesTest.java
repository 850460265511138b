package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * Random C-like bodies (nested blocks, comments of both kinds, string and char literals with
 * braces and escapes, preprocessor lines, {@code #if} branches) embedded in a file among
 * prototypes, calls and mentions of the same name: extraction returns exactly the body.
 */
class ExtractionPropertiesTest {
  private static final String NAME = "acme_fuzz";

  @Property
  void extractionReturnsExactlyTheGeneratedBody(
      @ForAll("bodies") String body, @ForAll("signatures") String signature) {
    String file = before() + signature + body + after();

    List<CFunction> found = new CSource("fuzz.c", file).definitions(NAME);
    Statistics.label("nesting").collect(Math.min(maxDepth(body), 4));
    Statistics.label("features")
        .collect(body.contains("#if"), body.contains("'"), body.contains("/*"));

    assertThat(found).hasSize(1);
    assertThat(found.get(0).body()).isEqualTo(body);
    assertThat(found.get(0).text()).isEqualTo(signature + body);
  }

  @Property
  void reindentingTheBodyKeepsTheHash(
      @ForAll("bodies") String body, @ForAll("indents") List<String> indents) {
    String[] lines = body.split("\n", -1);
    StringBuilder reindented = new StringBuilder();
    for (int i = 0; i < lines.length; i++) {
      if (i > 0) {
        reindented.append('\n');
      }
      // Only lines that start outside a literal: generated literals never span lines.
      reindented.append(indents.get(i % indents.size())).append(lines[i]);
    }
    String signature = "static int " + NAME + "(int a)\n";
    assertThat(FunctionHash.ofText(signature + reindented))
        .isEqualTo(FunctionHash.ofText(signature + body));
  }

  private static int maxDepth(String body) {
    int depth = 0;
    int max = 0;
    for (String line : body.split("\n")) {
      if (line.startsWith("\t") && line.endsWith(" {")) {
        max = Math.max(max, ++depth);
      } else if (line.startsWith("\t}")) {
        depth--;
      }
    }
    return max;
  }

  private static String before() {
    return "/* " + NAME + "(x) { in a comment */\n"
        + "static int " + NAME + "(int a);\n"
        + "static const char *s = \"" + NAME + "(1) {\";\n"
        + "static int caller(void)\n{\n\treturn " + NAME + "(1);\n}\n"
        + "#define CALL_IT() " + NAME + "(2) {\n";
  }

  private static String after() {
    return "\nstatic int later(void) { return " + NAME + "(3); }\nEXPORT_SYMBOL(" + NAME + ");\n";
  }

  @Provide
  Arbitrary<String> signatures() {
    return Arbitraries.of(
        "static int " + NAME + "(int a)\n",
        "static inline __always_inline int __must_check\n" + NAME + "(struct a *a,\n\t\tint b)"
            + " __acquires(a->lock)\n",
        "int\n" + NAME + "(a, b)\n\tint a;\n\tchar *b;\n",
        "__printf(2, 3) static void " + NAME + "(int l, const char *fmt, ...) ");
  }

  @Provide
  Arbitrary<List<String>> indents() {
    return Arbitraries.of("", " ", "\t", "\t\t", "    ").list().ofMinSize(1).ofMaxSize(5);
  }

  @Provide
  Arbitrary<String> bodies() {
    return statements(3).map(s -> "{\n" + s + "}");
  }

  /** Zero or more lines, each ending in a newline. */
  private Arbitrary<String> statements(int depth) {
    return statement(depth).list().ofMaxSize(5).map(list -> String.join("", list));
  }

  private Arbitrary<String> statement(int depth) {
    if (depth == 0) {
      return leaf();
    }
    return Arbitraries.frequencyOf(
        Tuple.of(6, leaf()),
        Tuple.of(2, Arbitraries.lazy(() -> block(depth - 1))),
        Tuple.of(1, Arbitraries.lazy(() -> conditional(depth - 1))),
        Tuple.of(1, Arbitraries.lazy(() -> branchesOpeningOneBlock(depth - 1))));
  }

  private Arbitrary<String> block(int depth) {
    return Combinators.combine(Arbitraries.of("if (x)", "while (n--)", "do", "", "switch (c)"),
            statements(depth))
        .as((head, inner) -> "\t" + head + " {\n" + inner + "\t}" + (head.equals("do") ? " while (0);" : "") + "\n");
  }

  /** {@code #ifdef} with balanced branches. */
  private Arbitrary<String> conditional(int depth) {
    return Combinators.combine(statements(depth), statements(depth), Arbitraries.of(true, false))
        .as((a, b, withElse) -> "#ifdef CONFIG_FUZZ\n" + a + (withElse ? "#else\n" + b : "") + "#endif\n");
  }

  /** Each branch opens the same block its own way; one closing brace after {@code #endif}. */
  private Arbitrary<String> branchesOpeningOneBlock(int depth) {
    return statements(depth)
        .map(inner -> "#if IS_ENABLED(CONFIG_FUZZ)\n\tif (a && b) {\n#else\n\tif (a) {\n#endif\n"
            + inner + "\t}\n");
  }

  private Arbitrary<String> leaf() {
    return Arbitraries.of(
        "\tx = y + 1;\n",
        "\tcount++;\n",
        "\t" + NAME + "(a - 1);\n",
        "\t/* } closing brace in a comment { */\n",
        "\t/* a comment over\n\t * two lines with { braces } and don't */\n",
        "\ty = 2; // } trailing line comment with an apostrophe: it's\n",
        "\tputs(\"}\\\"{\");\n",
        "\tputs(\"\\\\\");\n",
        "\tputs(\"/* not a comment { */\");\n",
        "\tc = '{';\n",
        "\tc = '}';\n",
        "\tc = '\\'';\n",
        "\tc = '\"';\n",
        "#define FUZZ_OPEN {\n",
        "#define FUZZ_LONG(x) { \\\n\t(x); \\\n}\n",
        "#pragma fuzz }\n",
        "#warning don't {\n",
        "\n");
  }
}
