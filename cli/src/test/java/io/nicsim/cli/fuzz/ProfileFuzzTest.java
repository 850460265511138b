package io.nicsim.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.traffic.TrafficParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * SoC profile files as users edit them: a shipped profile (stmmac's and fec's) with a few random
 * edits — a line dropped or repeated, a number replaced by a negative, huge, fractional or
 * textual one, a key renamed, junk typed in, the file cut short. Each is loaded or refused in one
 * line; one that loads builds a host that is refused in one line or runs 2 ms of ping under the
 * audit without a violation.
 */
class ProfileFuzzTest {
  static final Path TMP = Fuzz.scratch();
  static final CliEnv STANDARD = CliEnv.standard();
  static final String[] BASES = {"cyclone5", "rk3588-yt6801", "ipq806x", "imx8qxp", "imx6ul"};
  static final String[] NUMBERS = {"0", "-1", "1", "2", "3", "64", "100", "1000", "1e30", "1.5",
      "NaN", ".inf", "-.inf", "4294967296", "9223372036854775807", "abc", "\"12\"", "[]", "{}",
      "null", "true", "0x40", "1024", "1000000000", "100000000000"};
  static final String[] JUNK = {"\t", ":", " : ", "- ", "{", "}", "[", "]", "&a", "*a", "!!int ",
      "#", "\"", "'", "%", "@", "`", "|", ">", "\u00a0", "\ufeff", "value", "source", "inherits:"};

  /** One edit to the text, as a user's slip of the keyboard. */
  record Edit(int kind, int at, String what) {}

  @Provide
  Arbitrary<List<Edit>> edits() {
    Arbitrary<String> what = Arbitraries.oneOf(Arbitraries.of(NUMBERS), Arbitraries.of(JUNK),
        Arbitraries.strings().withChars("abcxyz_.-0123456789").ofMaxLength(8));
    return Combinators.combine(Arbitraries.integers().between(0, 6),
            Arbitraries.integers().between(0, 10_000), what)
        .as(Edit::new).list().ofMinSize(1).ofMaxSize(3);
  }

  static String base(String name) {
    String res = "nicsim/socs/" + name + ".yaml";
    try (InputStream in = ProfileFuzzTest.class.getClassLoader().getResourceAsStream(res)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String apply(String text, List<Edit> edits) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    for (Edit e : edits) {
      int i = e.at() % lines.size();
      String line = lines.get(i);
      switch (e.kind()) {
        case 0: // drop a line
          lines.remove(i);
          break;
        case 1: // repeat a line
          lines.add(i, line);
          break;
        case 2: { // replace the value of {value: N, …}
          int v = line.indexOf("value:");
          if (v >= 0) {
            int end = line.indexOf(',', v);
            lines.set(i, line.substring(0, v + 6) + " " + e.what()
                + (end < 0 ? "" : line.substring(end)));
          }
          break;
        }
        case 3: { // rename the key
          int colon = line.indexOf(':');
          if (colon > 0) {
            String indent = line.substring(0, line.length() - line.stripLeading().length());
            lines.set(i, indent + e.what() + line.substring(colon));
          }
          break;
        }
        case 4: { // type junk somewhere in the line
          int p = line.isEmpty() ? 0 : e.at() % (line.length() + 1);
          lines.set(i, line.substring(0, p) + e.what() + line.substring(p));
          break;
        }
        case 5: // cut the file short
          while (lines.size() > i + 1) {
            lines.remove(lines.size() - 1);
          }
          break;
        default: // drop the provenance
          lines.set(i, line.replaceAll(", source: \"[^\"]*\"", ""));
          break;
      }
      if (lines.isEmpty()) {
        lines.add("");
      }
    }
    return String.join("\n", lines);
  }

  @Property
  void anEditedProfileLoadsAndRunsOrIsRefusedInOneLine(@ForAll("edits") List<Edit> edits,
      @ForAll("bases") String base) throws IOException {
    String text = apply(base(base), edits);
    Path file = Files.createTempFile(TMP, "soc", ".yaml");
    try {
      Files.writeString(file, text, StandardCharsets.UTF_8);
      SocProfile p;
      try {
        p = SocProfile.loadFile(file);
      } catch (BadInputException e) {
        Statistics.label("outcome").collect("profile refused");
        assertThat(e.getMessage()).doesNotContain("\n");
        return;
      }
      String mac = p.mac() == null ? (base.startsWith("imx") ? "fec" : "stmmac") : p.mac();
      RunRequest req = RunRequest.of(mac, SocProfile.FILE_PREFIX + file,
          TrafficParser.parse("ping -c 2 -i 1ms"));
      try {
        STANDARD.engine().run(req); // a RunFailure (invariant) fails the property
        Statistics.label("outcome").collect("ran");
      } catch (BadInputException e) {
        Statistics.label("outcome").collect("host refused");
        assertThat(e.getMessage()).doesNotContain("\n");
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Provide
  Arbitrary<String> bases() {
    return Arbitraries.of(BASES);
  }
}
