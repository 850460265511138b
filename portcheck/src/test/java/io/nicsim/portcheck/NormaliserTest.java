package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NormaliserTest {
  private static final String BASE =
      "static int f(int a)\n{\n\t/* why */\n\tif (a == 1)\n\t\treturn a - -1;\n"
          + "\tputs(\"two  spaces\");\n#define X(y)  { y }\n\treturn 0;\n}";

  private static String hash(String c) {
    return FunctionHash.ofText(c);
  }

  @Test
  void normalFormDropsCommentsAndIndentationKeepsLinesAndLiterals() {
    assertThat(Normaliser.normalise(BASE))
        .isEqualTo(
            "static int f(int a)\n{\nif(a==1)\nreturn a- -1;\nputs(\"two  spaces\");\n"
                + "#define X(y){y}\nreturn 0;\n}");
  }

  @Test
  void reindentingRewordingCommentsAndBlankLinesKeepTheHash() {
    String edited =
        "static  int f( int a )\n{\n\n    /* a different\n     * comment { } */\n"
            + "    if (a==1)   // why not\n        return a - -1;\n"
            + "\tputs(\"two  spaces\");\n#  define X(y) {y}\n\n\treturn 0;\n}";
    assertThat(hash(edited)).isEqualTo(hash(BASE));
  }

  @Test
  void tokenChangesChangeTheHash() {
    assertThat(hash(BASE.replace("a == 1", "a == 2"))).isNotEqualTo(hash(BASE));
    assertThat(hash(BASE.replace("a - -1", "a--1"))).isNotEqualTo(hash(BASE));
    assertThat(hash(BASE.replace("static int", "staticint"))).isNotEqualTo(hash(BASE));
  }

  @Test
  void whitespaceInsideLiteralsCounts() {
    assertThat(hash(BASE.replace("two  spaces", "two spaces"))).isNotEqualTo(hash(BASE));
  }

  @Test
  void lineStructureCounts() {
    String joined = BASE.replace("if (a == 1)\n\t\treturn", "if (a == 1) return");
    assertThat(hash(joined)).isNotEqualTo(hash(BASE));
  }

  @Test
  void crlfLineEndingsKeepTheHash() {
    assertThat(hash(BASE.replace("\n", "\r\n"))).isEqualTo(hash(BASE));
  }

  @Test
  void hashIsSha256Hex() {
    assertThat(hash(BASE)).matches("[0-9a-f]{64}");
  }
}
