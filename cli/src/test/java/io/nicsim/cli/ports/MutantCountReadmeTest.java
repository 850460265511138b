package io.nicsim.cli.ports;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.portcheck.MutantFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The root README's count of seeded mutants ("all N are killed") is the number
 * {@code port-mutants.json} holds: it once said 41 while the file held 53. (That every one is
 * killed is {@link MutationCheckTest}'s.)
 */
class MutantCountReadmeTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void theReadmeCountsTheMutantsTheFileHolds() throws Exception {
    int inFile = MutantFile.read(ROOT.resolve("port-mutants.json")).size();
    String readme = Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8)
        .replaceAll("\\s*\\n\\s*", " ");
    Matcher m = Pattern.compile("all (\\d+) are killed").matcher(readme);
    assertThat(m.find()).as("README.md should say how many seeded mutants are killed").isTrue();
    assertThat(Integer.parseInt(m.group(1)))
        .as("README.md's \"all N are killed\" against port-mutants.json's " + inFile
            + " mutants").isEqualTo(inFile);
    assertThat(m.find()).as("README.md counts the mutants once").isFalse();
  }
}
