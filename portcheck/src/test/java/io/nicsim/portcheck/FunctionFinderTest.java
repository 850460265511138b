package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The C-aware extraction, one scanner case per test, on text written for the test. */
class FunctionFinderTest {

  private static List<CFunction> find(String c, String name) {
    return new CSource("x.c", c).definitions(name);
  }

  private static CFunction only(String c, String name) {
    List<CFunction> found = find(c, name);
    assertThat(found).as("definitions of %s", name).hasSize(1);
    return found.get(0);
  }

  @Test
  void bracesInBothKindsOfCommentAreNotCode() {
    String body = "{\n\t/* } { } */\n\tx = 1; // }\n\t/* multi\n\t * line } */\n\treturn x;\n}";
    assertThat(only("int f(void)\n" + body + "\nint g(void) { return 2; }\n", "f").body())
        .isEqualTo(body);
  }

  @Test
  void bracesAndEscapedQuotesInLiteralsAreNotCode() {
    String body =
        "{\n\tputs(\"}\\\"{\"); puts(\"\\\\\"); c = '{'; d = '\\''; e = '\"'; f = '}';\n"
            + "\tputs(\"it's /* not a comment */ }\");\n}";
    assertThat(only("void f(void)\n" + body + "\n", "f").body()).isEqualTo(body);
  }

  @Test
  void apostropheInCommentDoesNotOpenACharLiteral() {
    String body = "{\n\t/* don't { */\n\t// it's }\n\ty();\n}";
    assertThat(only("void f(void)\n" + body + "\nvoid g(void) {}\n", "f").body()).isEqualTo(body);
  }

  @Test
  void preprocessorLinesInsideTheBodyAreNotCode() {
    String body =
        "{\n#define OPEN {\n#define LONG { \\\n\t}\n#include \"weird{.h\"\n#pragma x }\n\ty();\n}";
    assertThat(only("void f(void)\n" + body + "\n", "f").body()).isEqualTo(body);
  }

  @Test
  void ifdefBranchesThatEachOpenTheSameBlockCloseOnce() {
    String body =
        "{\n#ifdef CONFIG_A\n\tif (a) {\n#elif defined(CONFIG_B)\n\tif (b) {\n#else\n\t{\n#endif\n"
            + "\t\tz();\n\t}\n\treturn 0;\n}";
    assertThat(only("int f(void)\n" + body + "\nint g(void) { }\n", "f").body()).isEqualTo(body);
  }

  @Test
  void ifdefBranchClosingBraceDoesNotEndTheFunction() {
    String body = "{\n\tif (x) {\n#ifdef A\n\t\ta();\n\t}\n#else\n\t}\n#endif\n\tb();\n}";
    assertThat(only("void f(void)\n" + body + "\n", "f").body()).isEqualTo(body);
  }

  @Test
  void multiLineSignatureWithStaticInlineAndAttributes() {
    String c =
        "/* doc */\nstatic inline __always_inline int __must_check\nf(struct a *a,\n\t int b)"
            + " __acquires(a->lock)\n{\n\treturn b;\n}\n";
    CFunction f = only(c, "f");
    assertThat(f.text()).startsWith("static inline __always_inline int __must_check\nf(");
    assertThat(f.line()).isEqualTo(2);
  }

  @Test
  void macroAndAttributeBeforeTheName() {
    String c = "int x;\n__printf(2, 3) __cold static void f(int l, const char *fmt, ...)\n{\n}\n";
    assertThat(only(c, "f").text()).startsWith("__printf(2, 3) __cold static void f(");
  }

  @Test
  void knrLineBreaksReturnTypeAndBraceOnTheirOwnLines() {
    String c = "static bool\nf(int a)\n{\n\treturn a;\n}\n";
    assertThat(only(c, "f").text()).isEqualTo("static bool\nf(int a)\n{\n\treturn a;\n}");
  }

  @Test
  void knrParameterDeclarations() {
    String c = "int\nf(a, b, p)\n\tint a, b;\n\tchar *p[];\n{\n\treturn a + b;\n}\n";
    assertThat(only(c, "f").body()).isEqualTo("{\n\treturn a + b;\n}");
  }

  @Test
  void prototypesCallsAndMentionsBeforeTheDefinitionAreNotDefinitions() {
    String c =
        "static int f(int a);\n"
            + "int f(int) __attribute__((pure));\n"
            + "/* f(1) { } */\n"
            + "static const char *s = \"f(x) {\";\n"
            + "static int g(void) { return f(1) + f(2); }\n"
            + "static int (*hook)(int) = f;\n"
            + "DECLARE_THING(f);\n"
            + "static const struct ops o = { .run = f, };\n"
            + "static int f_other(int a) { return a; }\n"
            + "static int f(int a)\n{\n\treturn a * 2;\n}\n"
            + "EXPORT_SYMBOL(f);\n";
    CFunction f = only(c, "f");
    assertThat(f.text()).isEqualTo("static int f(int a)\n{\n\treturn a * 2;\n}");
    assertThat(f.line()).isEqualTo(10);
  }

  @Test
  void prototypeWithAttributesFollowedByAnotherFunctionIsNotADefinition() {
    String c =
        "void f(void) __attribute__((noreturn));\nint f2();\nint g() __attribute__((cold));\n"
            + "static int h(int x) { return x; }\n";
    assertThat(find(c, "f")).isEmpty();
    assertThat(find(c, "g")).isEmpty();
  }

  @Test
  void definitionsUnderDifferentIfdefsAreAllFound() {
    String c =
        "#ifdef CONFIG_A\nstatic void f(void)\n{\n\ta();\n}\n#elif defined(CONFIG_B)\n"
            + "static void f(void)\n{\n\tb();\n}\n#else\nstatic inline void f(void) { }\n#endif\n";
    List<CFunction> found = find(c, "f");
    assertThat(found).extracting(CFunction::line).containsExactly(2, 7, 12);
    assertThat(found.get(2).body()).isEqualTo("{ }");
  }

  @Test
  void nameInsideAnotherFunctionOrAMemberCallIsNotADefinition() {
    String c = "void g(void)\n{\n\tstatic int f(void);\n\tp->f(1);\n\t{ f(2); }\n}\n";
    assertThat(find(c, "f")).isEmpty();
  }

  @Test
  void functionReturningAFunctionPointerIsFound() {
    String body = "{\n\treturn x ? on : off;\n}";
    String c = "static void on(int v) { }\nstatic void off(int v) { }\n"
        + "static void (*pick_handler(int x))(int);\n"
        + "static void (*pick_handler(int x))(int)\n" + body + "\n"
        + "static int (*(*table_of(void))[4])(char c)\n{\n\treturn 0;\n}\n"
        + "int g(void) { return 1; }\n";
    CFunction f = only(c, "pick_handler");
    assertThat(f.body()).isEqualTo(body);
    assertThat(f.text()).startsWith("static void (*pick_handler(int x))(int)\n{");
    // a pointer to an array of function pointers: two declarator levels
    assertThat(only(c, "table_of").text()).startsWith("static int (*(*table_of(void))[4])(char c)");
    // a call through a pointer inside a body and a pointer variable are not definitions
    assertThat(find("void (*hook)(int);\nint h(void) { (*hook)(1); return 0; }\n", "hook"))
        .isEmpty();
  }

  @Test
  void unterminatedBodyIsNotADefinition() {
    assertThat(find("void f(void)\n{\n\tif (x) {\n", "f")).isEmpty();
  }

  @Test
  void acmeFixtureDefinitionsAreFoundWhereTheyAre() {
    CSource main = Fixtures.source(Fixtures.oldTree(), Fixtures.MAIN);
    assertThat(main.definitions("acme_tx_timer_arm")).singleElement()
        .satisfies(f -> assertThat(f.text()).startsWith("static void acme_tx_timer_arm(struct"));
    assertThat(main.definitions("acme_tx_clean")).singleElement()
        .satisfies(f -> assertThat(f.text()).endsWith("return count;\n}"));
    assertThat(main.definitions("acme_irq")).hasSize(2);
    assertThat(main.definitions("acme_open")).singleElement()
        .satisfies(f -> assertThat(f.text()).endsWith("return ret;\n}"));
    assertThat(main.definitions("acme_xmit")).singleElement();
    assertThat(main.definitions("acme_banner")).isEmpty();
  }
}
