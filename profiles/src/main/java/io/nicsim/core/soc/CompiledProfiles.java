package io.nicsim.core.soc;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The build step that writes each shipped SoC profile {@code nicsim/socs/NAME.yaml} also as
 * {@code NAME.json} beside it: the same tree ({@link YamlTree}'s nodes, numbers as they were
 * read), in JSON, which Jackson's JSON parser reads several times faster than SnakeYAML reads
 * YAML in a fresh JVM (a few tens of ms of every short command's start). The YAML stays the
 * source: {@link SocProfile} reads a {@code .json} only when it sits beside its {@code .yaml}
 * (same jar or directory), and a profile without one (a library's, a user's file) is read as
 * YAML. Run by each module's build at {@code process-classes} on its output directory.
 */
public final class CompiledProfiles {
  private CompiledProfiles() {}

  /** The compiled form of {@code yaml}: the JSON text of its tree. */
  static byte[] compile(InputStream yaml) throws IOException {
    JsonNode tree = YamlTree.read(yaml);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = new JsonFactory().createGenerator((OutputStream) out)) {
      new ObjectMapper().writeTree(g, tree);
    }
    return out.toByteArray();
  }

  /** The tree a compiled profile holds, as {@link SocProfile} reads it. */
  static JsonNode read(InputStream json) throws IOException {
    return YamlTree.readJson(json);
  }

  /**
   * {@code args}: output directories ({@code target/classes}); each one's
   * {@code nicsim/socs/*.yaml} gets its {@code .json}. A directory without profiles is skipped.
   */
  public static void main(String[] args) throws IOException {
    for (String a : args) {
      Path socs = Path.of(a, "nicsim", "socs");
      if (!Files.isDirectory(socs)) {
        continue;
      }
      try (DirectoryStream<Path> ds = Files.newDirectoryStream(socs, "*.yaml")) {
        for (Path yaml : ds) {
          String name = yaml.getFileName().toString();
          Path json = yaml.resolveSibling(name.substring(0, name.length() - 5) + ".json");
          try (InputStream in = Files.newInputStream(yaml)) {
            Files.write(json, compile(in));
          } catch (IOException | RuntimeException e) {
            throw new IOException(yaml + ": " + e.getMessage(), e);
          }
        }
      }
    }
  }
}
