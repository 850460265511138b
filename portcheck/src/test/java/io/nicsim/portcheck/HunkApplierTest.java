package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Where a hunk lands when two functions hold its lines: in the function its header names, even
 * where the tree's offsets put the other one nearer (stmmac_xmit and stmmac_tso_xmit share the
 * IC decision's lines, and a patch made against a later tree would otherwise land its first
 * hunk in the wrong one and find its second already there).
 */
class HunkApplierTest {
  private static final String TREE = String.join("\n",
      "static int acme_tso_xmit(int n)",
      "{",
      "\tint ic;",
      "\tif (n > 4)",
      "\t\tic = 1;",
      "\telse",
      "\t\tic = 0;",
      "\treturn ic;",
      "}",
      "",
      "static int acme_xmit(int n)",
      "{",
      "\tint ic;",
      "\tif (n > 4)",
      "\t\tic = 1;",
      "\telse",
      "\t\tic = 0;",
      "\treturn ic;",
      "}",
      "");

  private static String patch() {
    // made against a tree where both functions sit 20 lines further down: by offset alone,
    // hunk 1 is nearer acme_xmit's lines than acme_tso_xmit's
    return String.join("\n",
        "diff --git a/drivers/acme.c b/drivers/acme.c",
        "--- a/drivers/acme.c",
        "+++ b/drivers/acme.c",
        "@@ -32,4 +32,6 @@ static int acme_tso_xmit(int n)",
        " \tif (n > 4)",
        " \t\tic = 1;",
        "+\telse if (n == 0)",
        "+\t\tic = 1;",
        " \telse",
        " \t\tic = 0;",
        "@@ -42,4 +44,6 @@ static int acme_xmit(int n)",
        " \tif (n > 4)",
        " \t\tic = 1;",
        "+\telse if (n == 0)",
        "+\t\tic = 1;",
        " \telse",
        " \t\tic = 0;",
        "");
  }

  @Test
  void eachHunkLandsInTheFunctionItsHeaderNames() {
    KernelPatch p = KernelPatch.parse("acme.patch", patch());
    HunkApplier.Result r = HunkApplier.apply("acme.patch", p.files().get(0), TREE);
    String[] lines = r.text().split("\n", -1);
    assertThat(lines[5]).isEqualTo("\telse if (n == 0)");
    assertThat(lines[17]).isEqualTo("\telse if (n == 0)");
    assertThat(r.notes()).containsExactly(
        "drivers/acme.c: hunk 1 applied at line 4 (offset -28 lines)",
        "drivers/acme.c: hunk 2 applied at line 16 (offset -26 lines)");
  }
}
