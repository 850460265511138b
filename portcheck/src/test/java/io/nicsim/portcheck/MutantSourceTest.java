package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mutant applies only where it says: inside its method (comments, strings and calls of the
 * same name skipped), exactly once; otherwise it is stale, never applied elsewhere. A mutated
 * source compiles in memory to classes that the mutant's loader defines in place of the
 * originals.
 */
class MutantSourceTest {
  private static final String SOURCE = """
      package p;

      final class Hold {
        // update(): a comment naming the method, with a < b in it
        int update(int a, int b) {
          String s = "update(a < b) {";
          if (a < b) {
            return helper(a) + 1;
          }
          return b;
        }

        int helper(int a) {
          return a < 3 ? update(a, 3) : a;
        }
      }
      """;

  private static Mutant mutant(String method, String from, String to) {
    return new Mutant("m", "flipped comparison", "p/Hold.java", method, "hold", from, to);
  }

  @Test
  void theTextIsReplacedInsideItsMethodOnly() {
    String out = MutantSource.apply(SOURCE, mutant("update", "if (a < b)", "if (a <= b)"));
    assertThat(out).contains("if (a <= b)").contains("return a < 3 ?")
        .contains("with a < b in it");
    String helper = MutantSource.apply(SOURCE, mutant("helper", "a < 3", "a <= 3"));
    assertThat(helper).contains("return a <= 3 ?").contains("if (a < b)");
  }

  @Test
  void aMutantWhoseTextIsGoneOrAmbiguousIsStale() {
    assertThatThrownBy(() -> MutantSource.apply(SOURCE, mutant("update", "a > b", "a >= b")))
        .isInstanceOf(MutantSource.Stale.class).hasMessageContaining("occurs 0 times");
    // "a < " is twice in update(...) (the string literal and the if)
    assertThatThrownBy(() -> MutantSource.apply(SOURCE, mutant("update", "a < b", "a > b")))
        .isInstanceOf(MutantSource.Stale.class).hasMessageContaining("occurs 2 times");
    // the method's text exists only in helper(...), not in update(...)
    assertThatThrownBy(() -> MutantSource.apply(SOURCE, mutant("update", "a < 3", "a <= 3")))
        .isInstanceOf(MutantSource.Stale.class);
    assertThatThrownBy(() -> MutantSource.apply(SOURCE, mutant("absent", "a", "b")))
        .isInstanceOf(MutantSource.Stale.class).hasMessageContaining("no method absent");
  }

  @Test
  void theMutatedClassIsLoadedInPlaceOfTheOriginal() throws Exception {
    String src = "package io.nicsim.mutantfixture;\n"
        + "public final class Limit { public static int cap(int a) { return a > 9 ? 9 : a; } }";
    String mutated = MutantSource.apply(src, mutant("cap", "a > 9", "a >= 9"));
    Map<String, byte[]> classes = MutantClasses.compile("io/nicsim/mutantfixture/Limit.java",
        mutated, System.getProperty("java.class.path"));
    ClassLoader loader = new MutantClasses.Loader(classes, getClass().getClassLoader());
    Class<?> c = loader.loadClass("io.nicsim.mutantfixture.Limit");
    assertThat(c.getClassLoader()).isSameAs(loader);
    assertThat(c.getMethod("cap", int.class).invoke(null, 9)).isEqualTo(9);
    assertThatThrownBy(() -> MutantClasses.compile("io/nicsim/mutantfixture/Limit.java",
        src.replace("a > 9", "a >> 9 >"), System.getProperty("java.class.path")))
        .isInstanceOf(MutantClasses.DoesNotCompile.class);
  }

  @Test
  void aMutantFileNamesWhatIsWrongInOneLine(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("m.json");
    Files.writeString(f, "{\"mutants\": [{\"id\": \"a\", \"kind\": \"k\", \"file\": \"F.java\","
        + " \"function\": \"f\", \"from\": \"x\", \"to\": \"x\"}]}");
    assertThatThrownBy(() -> MutantFile.read(f)).isInstanceOf(PortCheckException.class)
        .hasMessageContaining("changes nothing");
    Files.writeString(f, "{\"mutants\": [{\"id\": \"a\", \"kind\": \"k\", \"file\": \"F.java\","
        + " \"function\": \"f\", \"from\": \"x\", \"to\": \"y\"}]}");
    assertThat(MutantFile.read(f)).singleElement().extracting(Mutant::method).isEqualTo("");
  }
}
