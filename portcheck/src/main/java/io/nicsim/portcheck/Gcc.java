package io.nicsim.portcheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The system C compiler. Programs are built as the kernel builds its C where that changes
 * results: signed overflow wraps ({@code -fno-strict-overflow}), no type-based aliasing,
 * {@code char} unsigned (the kernel's {@code -funsigned-char} since 6.2), LP64 (the host's
 * x86-64 or arm64, as arm64 kernels). A call to a function neither the tree nor the harness
 * defines is an error, not an implicit declaration.
 */
final class Gcc {
  static final List<String> FLAGS = List.of(
      "-std=gnu11", "-O1", "-fno-strict-overflow", "-fno-strict-aliasing",
      "-fno-delete-null-pointer-checks", "-funsigned-char", "-fno-common",
      "-Werror=implicit-function-declaration", "-Werror=implicit-int",
      "-Werror=return-type");
  private static final long TIMEOUT_S = 120;

  private Gcc() {}

  /** The compiler's command, from {@code NICSIM_CC} or {@code gcc}. */
  static String command() {
    String cc = System.getenv("NICSIM_CC");
    return cc == null || cc.isBlank() ? "gcc" : cc;
  }

  /** Its version line, or empty when it cannot be run. */
  static Optional<String> version() {
    try {
      Process p = new ProcessBuilder(command(), "--version").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return Optional.empty();
      }
      return out.lines().findFirst();
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  /**
   * Compiles {@code dir/name.c} to {@code dir/name}.
   *
   * @return the binary, or the compiler's first error (with its line) as the failure
   */
  static Compiled compile(Path dir, String name, String program) {
    return compile(dir, name, program, List.of());
  }

  /** As above, {@code extra} flags after nicsim's own ({@code -O0 --coverage}). */
  static Compiled compile(Path dir, String name, String program, List<String> extra) {
    return compile(dir, name, program, dir.resolve(name), extra);
  }

  /**
   * Compiles {@code dir/name.c} to the shared library {@code dir/name.so} (the loop's form: only
   * {@code nicsim_loop_*} exported, the tree's functions bound inside it).
   */
  static Compiled compileLibrary(Path dir, String name, String program) {
    // an object first: its symbol table names the program's own static storage (the linked
    // library's adds the C runtime's)
    Compiled o = compile(dir, name, program, dir.resolve(name + ".o"),
        List.of("-fPIC", "-fvisibility=hidden", "-c"));
    if (!o.ok()) {
      return o;
    }
    Path so = dir.resolve(name + ".so");
    String linked = run(dir, List.of(command(), "-shared", "-Wl,-Bsymbolic", "-o", so.toString(),
        o.binary().toString(), "-lm"));
    if (linked != null) {
      return new Compiled(null, firstError(linked, o.binary()));
    }
    return new Compiled(so, "", writableData(dir, o.binary()));
  }

  /**
   * The object's symbols of writable static storage ({@code .data} and {@code .bss}, local or
   * not: {@code nm}'s d, D, b and B), by name as {@code nm} gives them (a function's static
   * variable as {@code name.N}); null when {@code nm} cannot be run.
   */
  static List<String> writableData(Path dir, Path object) {
    try {
      Process p = new ProcessBuilder("nm", object.toString()).directory(dir.toFile())
          .redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        return null;
      }
      List<String> names = new ArrayList<>();
      for (String line : out.lines().toList()) {
        String[] f = line.trim().split("\\s+");
        if (f.length == 3 && f[1].length() == 1 && "bBdD".contains(f[1])) {
          names.add(f[2]);
        }
      }
      return names;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** Runs {@code cmd} in {@code dir}: null when it succeeded, else its output. */
  private static String run(Path dir, List<String> cmd) {
    try {
      Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
          .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return "the linker took longer than " + TIMEOUT_S + " s";
      }
      return p.exitValue() == 0 ? null : out;
    } catch (IOException e) {
      return "cannot run " + command() + ": " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  private static Compiled compile(Path dir, String name, String program, Path binary,
      List<String> extra) {
    Path source = dir.resolve(name + ".c");
    try {
      Files.writeString(source, program, StandardCharsets.UTF_8);
      List<String> cmd = new ArrayList<>();
      cmd.add(command());
      cmd.addAll(FLAGS);
      cmd.addAll(extra);
      cmd.add("-o");
      cmd.add(binary.toString());
      cmd.add(source.toString());
      cmd.add("-lm");
      Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return new Compiled(null, "the compiler took longer than " + TIMEOUT_S + " s");
      }
      if (p.exitValue() != 0) {
        return new Compiled(null, firstError(out, source));
      }
      return new Compiled(binary, "");
    } catch (IOException e) {
      return new Compiled(null, "cannot run " + command() + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Compiled(null, "interrupted");
    }
  }

  /**
   * A binary, or why there is none; for a library, its object's writable static storage
   * ({@link #writableData}; null: not known).
   */
  record Compiled(Path binary, String error, List<String> data) {
    Compiled(Path binary, String error) {
      this(binary, error, List.of());
    }

    boolean ok() {
      return binary != null;
    }
  }

  /** The first "error:" line (or undefined reference), with the generated file's name dropped. */
  static String firstError(String output, Path source) {
    String prefix = source.toString();
    for (String line : output.lines().toList()) {
      if (line.contains("error:") || line.contains("undefined reference")) {
        String l = line.replace(prefix + ":", "");
        int at = l.indexOf(": in function");
        return l.strip();
      }
    }
    return output.lines().findFirst().orElse("the compiler failed").strip();
  }
}
