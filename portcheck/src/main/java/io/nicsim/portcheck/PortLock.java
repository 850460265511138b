package io.nicsim.portcheck;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code port-lock.json}: one entry per ported function and kernel release it was reviewed on,
 * sorted by file, function, then release, one line per entry so that a review shows exactly the
 * ports brought up to date. An entry may carry {@code --execute}'s verdict on that release.
 *
 * <pre>{@code
 * {
 *   "format": 2,
 *   "ports": [
 *     {"file": "lib/dim/dim.c", "function": "dim_turn", "kernel": "6.1.192", "hash": "…", "executed": "SAME", "inputs": 10000},
 *     {"file": "lib/dim/dim.c", "function": "dim_turn", "kernel": "6.12.117", "hash": "…"}
 *   ]
 * }
 * }</pre>
 *
 * A tree is compared with the entry of its own release, else with the nearest release below
 * it, else with the oldest above it. Format 1 (one entry per function, no verdicts) is still
 * read; writing always gives format 2.
 */
public final class PortLock {
  static final int FORMAT = 2;

  private final Map<String, LockEntry> entries = new TreeMap<>();

  public PortLock() {}

  public PortLock(Collection<LockEntry> entries) {
    entries.forEach(this::put);
  }

  /** Reads a lock file; a missing file is an empty lock. */
  public static PortLock read(Path file) {
    checkKind(file);
    String json;
    try {
      json = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return new PortLock();
    } catch (CharacterCodingException e) {
      throw new PortCheckException(file + ": not a valid port lock (not UTF-8 text; accepted: the"
          + " JSON port-check --update writes)");
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
          name + ": not a valid port lock: not JSON"
              + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")")
              + " (accepted: the JSON port-check --update writes)");
    }
    if (root == null || !root.isObject()) {
      throw new PortCheckException(name + ": not a valid port lock: expected a JSON object with"
          + " \"format\" and \"ports\"");
    }
    int format = root.path("format").asInt(-1);
    if (format != FORMAT && format != 1) {
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
      String executed = p.path("executed").asText("");
      int inputs = p.path("inputs").asInt(0);
      if (!executed.isEmpty() && !List.of("SAME", "DIFFERS", "NOT RUN").contains(executed)) {
        throw new PortCheckException(name + ": ports[" + i + "] \"executed\" is '" + executed
            + "' (accepted: SAME, DIFFERS, NOT RUN)");
      }
      lock.put(new LockEntry(file, function, p.path("kernel").asText("unknown"), hash, executed,
          inputs));
    }
    return lock;
  }

  /** The entry a tree of unknown release is compared with: the newest release recorded. */
  public Optional<LockEntry> get(String file, String function) {
    return nearest(file, function, Optional.empty());
  }

  /** The entry recorded for exactly this release ({@code kernel} as a Makefile states it). */
  public Optional<LockEntry> exact(String file, String function, String kernel) {
    return Optional.ofNullable(entries.get(LockEntry.key(file, function) + "\0" + kernel));
  }

  /** Every entry of one function, oldest release first. */
  public List<LockEntry> of(String file, String function) {
    String prefix = LockEntry.key(file, function) + "\0";
    List<LockEntry> out = new ArrayList<>();
    for (Map.Entry<String, LockEntry> e : entries.entrySet()) {
      if (e.getKey().startsWith(prefix)) {
        out.add(e.getValue());
      }
    }
    out.sort(BY_RELEASE);
    return out;
  }

  /**
   * The entry a tree of release {@code tree} is compared with: its own release's, else the
   * nearest release below it, else the oldest above it; the newest when the release is unknown.
   */
  public Optional<LockEntry> nearest(String file, String function, Optional<KernelRelease> tree) {
    List<LockEntry> all = of(file, function);
    if (all.isEmpty()) {
      return Optional.empty();
    }
    if (tree.isEmpty()) {
      return Optional.of(all.get(all.size() - 1));
    }
    LockEntry below = null;
    for (LockEntry e : all) {
      Optional<KernelRelease> r = e.release();
      if (r.isPresent() && r.get().equals(tree.get())) {
        return Optional.of(e);
      }
      if (r.isPresent() && r.get().before(tree.get())) {
        below = e;
      }
    }
    if (below != null) {
      return Optional.of(below);
    }
    for (LockEntry e : all) {
      if (e.release().isPresent()) {
        return Optional.of(e);
      }
    }
    return Optional.of(all.get(all.size() - 1));
  }

  private static final Comparator<LockEntry> BY_RELEASE = Comparator
      .comparing((LockEntry e) -> e.release().orElse(new KernelRelease(0, 0, 0)))
      .thenComparing(LockEntry::kernel);

  public void put(LockEntry entry) {
    entries.put(entry.key(), entry);
  }

  /** Drops every release's entry of one function. */
  public void remove(String file, String function) {
    entries.keySet().removeIf(k -> k.startsWith(LockEntry.key(file, function) + "\0"));
  }

  /** All entries, sorted by file, function, then release. */
  public List<LockEntry> entries() {
    List<LockEntry> out = new ArrayList<>(entries.values());
    out.sort(Comparator.comparing(LockEntry::file).thenComparing(LockEntry::function)
        .thenComparing(BY_RELEASE));
    return out;
  }

  /** The file's exact text: fixed key order, two-space indent, one entry per line, final newline. */
  public String format() {
    JsonStringEncoder json = JsonStringEncoder.getInstance();
    StringBuilder out = new StringBuilder();
    out.append("{\n  \"format\": ").append(FORMAT).append(",\n  \"ports\": [");
    String separator = "\n";
    for (LockEntry e : entries()) {
      out.append(separator)
          .append("    {\"file\": \"").append(json.quoteAsString(e.file()))
          .append("\", \"function\": \"").append(json.quoteAsString(e.function()))
          .append("\", \"kernel\": \"").append(json.quoteAsString(e.kernel()))
          .append("\", \"hash\": \"").append(e.hash()).append('"');
      if (!e.executed().isEmpty()) {
        out.append(", \"executed\": \"").append(e.executed()).append("\", \"inputs\": ")
            .append(e.inputs());
      }
      out.append('}');
      separator = ",\n";
    }
    out.append(entries.isEmpty() ? "]\n}\n" : "\n  ]\n}\n");
    return out.toString();
  }

  /**
   * Refuses a lock path that is not a regular file: the lock is written by renaming a new file
   * over it, which would replace a device, FIFO or symbolic link instead of writing to it (and
   * reading a FIFO would wait for a writer).
   */
  static void checkKind(Path file) {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(file, BasicFileAttributes.class,
          LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return; // nothing there: an empty lock, written new
    }
    if (!a.isRegularFile()) {
      String what = a.isDirectory() ? "a directory" : a.isSymbolicLink() ? "a symbolic link"
          : "not a regular file (a device, FIFO or socket)";
      throw new PortCheckException("--lock: " + file + " is " + what
          + " (accepted: a port-lock.json file, or a new path)");
    }
  }

  /** Writes to a temporary file beside {@code file}, then moves it over {@code file}. */
  public void write(Path file) {
    checkKind(file);
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
      throw new PortCheckException("cannot write " + target + ": "
          + (e instanceof AccessDeniedException ? "permission denied"
          : e instanceof NoSuchFileException ? "no such directory"
          : e instanceof FileSystemException f && f.getReason() != null
          ? f.getReason() : "I/O error"));
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
