package io.nicsim.core.soc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A profile's JSON form ({@link CompiledProfiles}) is the very tree its YAML gives: the same
 * node types (an int stays an int node, a big integer a big-integer node, a float a double),
 * so a profile read from either is the same profile.
 */
class CompiledProfilesTest {
  static com.fasterxml.jackson.databind.JsonNode roundTrip(String yaml) throws IOException {
    byte[] json = CompiledProfiles.compile(
        new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)));
    return CompiledProfiles.read(new ByteArrayInputStream(json));
  }

  @Test
  void theJsonFormReadsBackAsTheSameTree() throws IOException {
    for (String yaml : List.of("a: 1\n", "a: 1\nb: 2.5\nc: [1, x, true, null, -3]\n",
        "big: 12345678901\nhuge: 123456789012345678901234\nneg: -0.5e3\ntiny: 1.0e-9\n",
        "n:\n  - {k: v, w: 'q'}\n  - - 1\n    - 2\nempty:\nquoted: \"7\"\nver: \"6.10\"\n",
        "s: \"line\\nbreak \\\"q\\\" ü µs\"\nthird: 0.1\nthirds: 0.30000000000000004\n")) {
      assertThat(roundTrip(yaml)).as(yaml).isEqualTo(YamlTree.read(yaml));
    }
  }

  /**
   * Every profile this build ships (on this module's class path, from its output directory)
   * has its JSON form beside it, holding the YAML's tree, so the build step ran and is current.
   * Test fixtures are left as YAML, so the tests read that path too.
   */
  @Test
  void everyShippedProfileHasItsCompiledFormBesideIt() throws IOException {
    List<String> names = new ArrayList<>();
    Enumeration<URL> lists = getClass().getClassLoader().getResources("nicsim/socs/index.txt");
    while (lists.hasMoreElements()) {
      URL index = lists.nextElement();
      if (index.toString().contains("/test-classes/") || index.toString().contains("-tests.jar")) {
        continue; // test fixtures (testsoc, …) are not compiled: they are read as YAML
      }
      try (InputStream in = index.openStream()) {
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
          String t = line.trim();
          if (!t.isEmpty() && !t.startsWith("#")) {
            names.add(t.split(" ")[0]);
          }
        }
      }
    }
    assertThat(names).contains("cortex-a55");
    for (String name : names) {
      URL yaml = getClass().getClassLoader().getResource("nicsim/socs/" + name + ".yaml");
      URL json = getClass().getClassLoader().getResource("nicsim/socs/" + name + ".json");
      assertThat(yaml).as(name).isNotNull();
      assertThat(json).as(name + ".json (the build's process-classes step)").isNotNull();
      assertThat(json.toString()).isEqualTo(yaml.toString().replaceAll("\\.yaml$", ".json"));
      try (InputStream y = yaml.openStream(); InputStream j = json.openStream()) {
        assertThat(CompiledProfiles.read(j)).as(name).isEqualTo(YamlTree.read(y));
      }
    }
  }
}
