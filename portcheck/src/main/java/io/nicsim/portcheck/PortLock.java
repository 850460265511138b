package io.nicsim.portcheck;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code port-lock.json}: one entry per ported function, sorted by file then function, one line
 * per entry so that a review shows exactly the ports brought up to date.
 *
 * <pre>{@code
 * {
 *   "format": 1,
 *   "ports": [
 *     {"file": "net/ethtool/ioctl.c", "function": "ethtool_set_coalesce", "kernel": "6.18.0", "hash": "…"}
 *   ]
 * }
 * }</pre>
 */
public final class PortLock {
  static final int FORMAT = 1;

  private final Map<String, LockEntry> entries = new TreeMap<>();

  public PortLock() {}

  public PortLock(Collection<LockEntry> entries) {
    entries.forEach(this::put);
  }

  /** Reads a lock file; a missing file is an empty lock. */
  public static PortLock read(Path file) {
    String json;
    try {
      json = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return new PortLock();
    } catch (IOException e) {
      throw new PortCheckException("cannot read " + file + ": " + e.getMessage());
    }
    return parse(json, file.toString());
  }

  static PortLock parse(String json, String name) {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw new PortCheckException(
          name + ": not valid JSON"
              + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"));
    }
    if (root == null || !root.isObject()) {
      throw new PortCheckException(name + ": expected a JSON object with \"format\" and \"ports\"");
    }
    int format = root.path("format").asInt(-1);
    if (format != FORMAT) {
      throw new PortCheckException(
          name + ": lock format " + root.path("format") + " is not supported (expected " + FORMAT + ")");
    }
    PortLock lock = new PortLock();
    JsonNode ports = root.path("ports");
    for (int i = 0; i < ports.size(); i++) {
      JsonNode p = ports.get(i);
      String file = p.path("file").asText("");
      String function = p.path("function").asText("");
      String hash = p.path("hash").asText("");
      if (file.isEmpty() || function.isEmpty() || !hash.matches("[0-9a-f]{64}")) {
        throw new PortCheckException(
            name + ": ports[" + i + "] needs \"file\", \"function\" and a 64-hex-digit \"hash\"");
      }
      lock.put(new LockEntry(file, function, p.path("kernel").asText("unknown"), hash));
    }
    return lock;
  }

  public Optional<LockEntry> get(String file, String function) {
    return Optional.ofNullable(entries.get(LockEntry.key(file, function)));
  }

  public void put(LockEntry entry) {
    entries.put(entry.key(), entry);
  }

  public void remove(String file, String function) {
    entries.remove(LockEntry.key(file, function));
  }

  /** All entries, sorted by file then function. */
  public List<LockEntry> entries() {
    return new ArrayList<>(entries.values());
  }

  /** The file's exact text: fixed key order, two-space indent, one entry per line, final newline. */
  public String format() {
    JsonStringEncoder json = JsonStringEncoder.getInstance();
    StringBuilder out = new StringBuilder();
    out.append("{\n  \"format\": ").append(FORMAT).append(",\n  \"ports\": [");
    String separator = "\n";
    for (LockEntry e : entries.values()) {
      out.append(separator)
          .append("    {\"file\": \"").append(json.quoteAsString(e.file()))
          .append("\", \"function\": \"").append(json.quoteAsString(e.function()))
          .append("\", \"kernel\": \"").append(json.quoteAsString(e.kernel()))
          .append("\", \"hash\": \"").append(e.hash())
          .append("\"}");
      separator = ",\n";
    }
    out.append(entries.isEmpty() ? "]\n}\n" : "\n  ]\n}\n");
    return out.toString();
  }

  /** Writes to a temporary file beside {@code file}, then moves it over {@code file}. */
  public void write(Path file) {
    Path target = file.toAbsolutePath();
    Path temp = null;
    try {
      temp = Files.createTempFile(target.getParent(), ".port-lock", ".tmp");
      Files.writeString(temp, format(), StandardCharsets.UTF_8);
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new PortCheckException("cannot write " + target + ": " + e.getMessage());
    } finally {
      if (temp != null) {
        try {
          Files.deleteIfExists(temp);
        } catch (IOException ignored) {
          // the move already succeeded or the original error is the one to report
        }
      }
    }
  }
}
