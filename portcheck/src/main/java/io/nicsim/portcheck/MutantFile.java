package io.nicsim.portcheck;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A list of {@link Mutant}s as JSON: {@code {"mutants": [{"id": ..., "kind": ..., "file": ...,
 * "method": ..., "function": ..., "from": ..., "to": ...}, ...]}}. Every field but
 * {@code method} is required; ids are unique.
 */
public final class MutantFile {
  private MutantFile() {}

  /** The mutants of {@code file}; a malformed file is one line naming what is wrong. */
  public static List<Mutant> read(Path file) {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(Files.readString(file));
    } catch (IOException e) {
      throw PortCheckException.field("--mutants", "cannot read " + file + ": " + e.getMessage()
          .lines().findFirst().orElse(""), "a JSON file {\"mutants\": [...]}");
    }
    JsonNode list = root == null ? null : root.get("mutants");
    if (list == null || !list.isArray()) {
      throw PortCheckException.field("--mutants", file + " has no \"mutants\" array",
          "a JSON file {\"mutants\": [...]}");
    }
    List<Mutant> out = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    int i = 0;
    for (JsonNode m : list) {
      Mutant x = new Mutant(text(m, "id", i, file), text(m, "kind", i, file),
          text(m, "file", i, file), m.path("method").asText(""), text(m, "function", i, file),
          text(m, "from", i, file), text(m, "to", i, file));
      if (!ids.add(x.id())) {
        throw PortCheckException.field("--mutants", file + ": mutant id '" + x.id()
            + "' appears twice", "unique ids");
      }
      if (x.from().equals(x.to())) {
        throw PortCheckException.field("--mutants", file + ": mutant '" + x.id()
            + "' changes nothing", "\"to\" different from \"from\"");
      }
      out.add(x);
      i++;
    }
    return out;
  }

  private static String text(JsonNode m, String key, int i, Path file) {
    JsonNode v = m.get(key);
    if (v == null || !v.isTextual() || v.asText().isEmpty()) {
      throw PortCheckException.field("--mutants", file + ": mutant " + (i + 1) + " has no \""
          + key + "\"", "id, kind, file, function, from, to (method optional)");
    }
    return v.asText();
  }
}
