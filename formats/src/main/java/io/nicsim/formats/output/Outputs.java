package io.nicsim.formats.output;

import io.nicsim.core.config.BadInputException;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The output files of one command: each claimed before any work is done (refused with one line
 * if it could not be written, or if another option of the command names the same path), written
 * to a temporary file beside its target, and all put in place by {@link #commit()} once the
 * command succeeded. Closed without a commit, or when the process is interrupted
 * ({@link #discardAll()}), every temporary file and every directory made for them is removed:
 * a failed command leaves nothing behind.
 *
 * <p>Missing parent directories are created as {@code mkdir -p} would ({@code --trace
 * out/t.txt} in a fresh directory). Standard output ({@code -} or {@code /dev/stdout}) is
 * written straight through.
 *
 * <p>A command's intermediate files (calibrate's trial profiles) go in a scratch directory
 * ({@link #scratchDir(String)}) the set owns: it is removed with everything in it when the set
 * is done, whether committed, closed after a failure, or discarded on an interrupt.
 */
public final class Outputs implements AutoCloseable {
  /** The sets of commands in progress in this process (an interrupt discards them). */
  private static final Set<Outputs> LIVE = ConcurrentHashMap.newKeySet();
  /** Set once the process is being interrupted: nothing new is written after that. */
  private static volatile boolean interrupted;

  private final OutputStream stdout;
  private final Map<Path, String> claims = new LinkedHashMap<>();
  /** What the command reads, by option: no output may be one of them. */
  private final Map<String, List<Path>> inputs;
  private final Set<Path> dirs = new HashSet<>();
  private final List<AtomicFile> files = new ArrayList<>();
  /** Scratch directories of this set, removed with their contents when it is done. */
  private final List<Path> scratch = new ArrayList<>();
  /** Directories this set created, outermost first. */
  private final Deque<Path> created = new ArrayDeque<>();
  private boolean finished;

  private Outputs(OutputStream stdout) {
    this.stdout = stdout;
    this.inputs = new LinkedHashMap<>(CommandFiles.inputs());
  }

  /** The outputs of a command writing {@code -} to this process's standard output. */
  public static Outputs begin() {
    return begin(new FileOutputStream(FileDescriptor.out));
  }

  /** The same with {@code -} going to {@code stdout} (tests). */
  public static Outputs begin(OutputStream stdout) {
    Outputs o = new Outputs(stdout);
    LIVE.add(o);
    return o;
  }

  /**
   * Refuses a file option now, before any work: a path that could not be written as a regular
   * file, or one another option already names. {@code null} is no option.
   */
  public synchronized void claim(Path target, String flag) {
    if (target == null) {
      return;
    }
    OutputPath.checkFile(target, flag);
    refuseInputs(target, flag, inputs);
    reserve(target, flag);
  }

  /**
   * Declares a file the command reads ({@link CommandFiles#input}): an output claimed before or
   * after may not be it.
   */
  public synchronized void input(Path file, String flag) {
    if (file == null) {
      return;
    }
    for (Map.Entry<Path, String> c : claims.entrySet()) {
      if (!c.getValue().equals(flag)) {
        refuseInputs(c.getKey(), c.getValue(), Map.of(flag, List.of(file)));
      }
    }
    inputs.computeIfAbsent(flag, k -> new ArrayList<>()).add(file);
  }

  /**
   * Refuses {@code target}, the output of {@code flag}, when it is one of the command's inputs
   * by any path (the same path, through a symbolic link or {@code ..}, or a hard link). An
   * option both read and rewritten in place (the same flag) is its own business.
   */
  public static void refuseOverwrite(Path target, String flag) {
    refuseInputs(target, flag, CommandFiles.inputs());
  }

  private static void refuseInputs(Path target, String flag, Map<String, List<Path>> inputs) {
    for (Map.Entry<String, List<Path>> in : inputs.entrySet()) {
      if (in.getKey().equals(flag)) {
        continue;
      }
      for (Path p : in.getValue()) {
        String how = OutputPath.sameFile(target, p);
        if (how != null) {
          throw BadInputException.field(flag, "'" + target + "' is " + in.getKey() + "'s input"
              + (how.isEmpty() ? "" : " " + p + how) + ", which an output never overwrites",
              "a path no input names");
        }
      }
    }
  }

  /** The same for an output directory ({@code --plot-dir}, {@code reproduce --csv}). */
  public synchronized void claimDir(Path dir, String flag) {
    if (dir == null) {
      return;
    }
    OutputPath.checkDir(dir, flag);
    refuseInputs(dir, flag, inputs);
    Path key = OutputPath.key(dir);
    String other = claims.get(key);
    if (other != null && !dirs.contains(key)) {
      throw BadInputException.field(flag, "'" + dir + "' is also " + other + "'s output",
          "a path of its own for each output");
    }
    // two directory options may share a directory: their files have names of their own
    dirs.add(key);
    claims.putIfAbsent(key, flag);
  }

  private void reserve(Path p, String flag) {
    Path key = OutputPath.key(p);
    String other = claims.get(key);
    if (other != null && (!other.equals(flag) || dirs.contains(key))) {
      throw BadInputException.field(flag, "'" + p + "' is also " + other + "'s output",
          "a path of its own for each output");
    }
    claims.put(key, flag);
  }

  /** Opens {@code target} for writing (claiming it if it was not), creating its parents. */
  public synchronized AtomicFile open(Path target, String flag) {
    if (interrupted) {
      throw new BadInputException(flag + ": interrupted");
    }
    claim(target, flag);
    if (OutputPath.isStdout(target)) {
      AtomicFile f = AtomicFile.stdout(flag, stdout);
      files.add(f);
      return f;
    }
    Path abs = target.toAbsolutePath().normalize();
    try {
      makeParents(abs.getParent());
      AtomicFile f = AtomicFile.temporary(abs, flag);
      files.add(f);
      return f;
    } catch (IOException e) {
      throw BadInputException.field(flag, "cannot write " + target + ": "
          + OutputPath.reason(e), "a writable file");
    }
  }

  /** Writes {@code data} as {@code target} (put in place on commit). */
  public void write(Path target, String flag, byte[] data) {
    AtomicFile f = open(target, flag);
    try {
      f.stream().write(data);
    } catch (IOException e) {
      throw BadInputException.field(flag, "cannot write " + target + ": "
          + OutputPath.reason(e), "a writable file");
    }
  }

  /** Writes UTF-8 text as {@code target}. */
  public void writeText(Path target, String flag, String text) {
    write(target, flag, text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * A new, empty directory under the system's temporary directory ({@code java.io.tmpdir}) for
   * the command's intermediate files, named {@code PREFIX…}. It is no output: it and everything
   * in it are removed when this set is done (committed, closed, or discarded on SIGINT/SIGTERM).
   */
  public synchronized Path scratchDir(String prefix) {
    if (interrupted || finished) {
      throw new BadInputException(prefix + ": interrupted");
    }
    try {
      Path d = Files.createTempDirectory(prefix);
      scratch.add(d);
      return d;
    } catch (IOException e) {
      throw new BadInputException("cannot make a scratch directory in "
          + System.getProperty("java.io.tmpdir") + ": " + OutputPath.reason(e)
          + " (accepted: a writable java.io.tmpdir)");
    }
  }

  /** {@code mkdir -p dir}, remembering each directory it made. */
  private void makeParents(Path dir) throws IOException {
    Deque<Path> missing = new ArrayDeque<>();
    for (Path d = dir; d != null && !Files.isDirectory(d); d = d.getParent()) {
      missing.push(d);
    }
    for (Path d : missing) { // outermost first
      try {
        Files.createDirectory(d);
        created.addLast(d);
      } catch (FileAlreadyExistsException e) {
        if (!Files.isDirectory(d)) {
          throw e;
        }
      }
    }
  }

  /** Puts every file in place, in the order they were opened; the set is then done. */
  public synchronized void commit() {
    if (interrupted) {
      return; // the interrupt discards them
    }
    try {
      for (AtomicFile f : files) {
        f.commit();
      }
      created.clear(); // they now hold committed files
    } finally {
      finish();
    }
  }

  /** Discards whatever was not committed. */
  @Override
  public synchronized void close() {
    finish();
  }

  /** Removes the uncommitted files and the directories made for them; how many files. */
  private synchronized int finish() {
    if (finished) {
      return 0;
    }
    finished = true;
    LIVE.remove(this);
    int n = 0;
    for (AtomicFile f : files) {
      if (f.discard()) {
        n++;
      }
    }
    while (!created.isEmpty()) {
      try {
        Files.deleteIfExists(created.removeLast()); // innermost first; fails if not empty
      } catch (IOException e) {
        break; // another file is in it: it and its parents stay
      }
    }
    for (Path d : scratch) {
      removeTree(d);
    }
    scratch.clear();
    return n;
  }

  /**
   * Removes {@code dir} and everything in it. On an interrupt the command's own thread may still
   * be writing into it, so a file that appears while the tree is removed is removed too (a few
   * passes); whatever cannot be removed stays.
   */
  private static void removeTree(Path dir) {
    for (int pass = 0; pass < 5 && Files.exists(dir, LinkOption.NOFOLLOW_LINKS);
        pass++) {
      try (Stream<Path> walk = Files.walk(dir)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      } catch (IOException | UncheckedIOException e) {
        // a file came or went meanwhile: walk again
      }
    }
  }

  /**
   * The process is being interrupted (SIGINT, SIGTERM): discards every set in progress and
   * refuses new files from then on. Returns how many temporary files were removed.
   */
  public static int discardAll() {
    interrupted = true;
    int n = 0;
    for (Outputs o : LIVE) {
      n += o.finish();
    }
    return n;
  }

  /** Whether {@link #discardAll()} ran: the process is going down on a signal. */
  public static boolean interrupted() {
    return interrupted;
  }

  /** Whether a command's outputs are in progress (the interrupt handler's one line). */
  public static boolean anyLive() {
    return !LIVE.isEmpty();
  }
}
