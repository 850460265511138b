package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What users read says what a claim is, not which tracker item asked for it: no "issue N" in
 * any module's sources, resources or tests (the commands' output, the profiles' sources,
 * the code's comments). History lives in git.
 */
class NoTrackerNumbersTest {
  static final Pattern TRACKER = Pattern.compile("(?i)\\bissues? ?#?[0-9]+");

  @Test
  void noIssueNumbersInSourcesResourcesOrTests() throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> modules = Files.list(Path.of(".."))) {
      for (Path m : modules.filter(Files::isDirectory).toList()) {
        Path main = m.resolve("src");
        if (!Files.isDirectory(main)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(main)) {
          for (Path f : files.filter(Files::isRegularFile).filter(p -> p.toString()
              .matches(".*\\.(java|yaml|yml|c|h|txt|json|properties)")).toList()) {
            List<String> lines = Files.readAllLines(f, java.nio.charset.StandardCharsets.ISO_8859_1);
            for (int i = 0; i < lines.size(); i++) {
              if (TRACKER.matcher(lines.get(i)).find()) {
                found.add(f + ":" + (i + 1) + ": " + lines.get(i).strip());
              }
            }
          }
        }
      }
    }
    assertThat(found).isEmpty();
  }
}
