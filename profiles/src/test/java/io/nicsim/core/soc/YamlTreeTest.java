package io.nicsim.core.soc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The streaming tree reader gives what ObjectMapper.readTree gives. */
class YamlTreeTest {
  private static final ObjectMapper MAPPER = new ObjectMapper(YAMLFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());

  @Test
  void sameTreesAsReadTree() throws IOException {
    for (String yaml : List.of("", "a: 1\n", "a: 1\nb: 2.5\nc: [1, x, true, null, -3]\n",
        "big: 12345678901\nhuge: 123456789012345678901234\nneg: -0.5e3\n",
        "n:\n  - {k: v, w: 'q'}\n  - - 1\n    - 2\nempty:\nquoted: \"7\"\n",
        "--- \nx: 1\n---\ny: 2\n")) {
      assertThat(YamlTree.read(yaml)).as(yaml).isEqualTo(MAPPER.readTree(yaml));
    }
  }

  @Test
  void sameTreesForEveryShippedProfile() throws IOException {
    Path dir = Path.of("src/main/resources/nicsim/socs");
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    assertThat(files).isNotEmpty();
    for (Path f : files) {
      String text = Files.readString(f);
      assertThat(YamlTree.read(text)).as(f.toString()).isEqualTo(MAPPER.readTree(text));
    }
  }

  @Test
  void duplicateKeysAreRefusedAsReadTreeRefusesThem() {
    assertThatThrownBy(() -> YamlTree.read("a: 1\na: 2\n"))
        .isInstanceOf(IOException.class).hasMessageContaining("Duplicate field 'a'");
  }
}
