package io.nicsim.portcheck;

import io.nicsim.core.port.exec.KernelCException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The JVM's way into kernel functions compiled as shared libraries: {@code nicsim_jni.c} (nicsim's
 * own C), built once per JVM with the system compiler against the running JDK's {@code jni.h},
 * loaded, and its file deleted at once. Every call is guarded: a fault in the C or a call that
 * does not return within {@link #TIMEOUT_MS} comes back as a negative status instead of taking
 * the JVM down; signals outside a call go on to the JVM's own handlers.
 */
final class JniShim {
  /** How long one call may run (wall time) before it is interrupted. */
  static final long TIMEOUT_MS = 2000;
  /** {@link #call} status: the call did not return within the bound. */
  static final long TIMEOUT = -1000;

  /** The most input words a call takes (nicsim_jni.c's NICSIM_MAX_IN). */
  static final int MAX_IN = 16384;
  /** {@link #call} status: the output record did not fit. */
  static final long OVERFLOW = -2000;

  private static boolean loaded;

  private JniShim() {}

  /** Builds and loads the shim (once). */
  static synchronized void load() {
    if (loaded) {
      return;
    }
    Path home = Path.of(System.getProperty("java.home"));
    Path include = home.resolve("include");
    if (!Files.isRegularFile(include.resolve("jni.h"))) {
      throw new KernelCException("--ports c builds its JNI bridge against the JDK's jni.h, and "
          + include.resolve("jni.h") + " is not there (accepted: a full JDK, e.g. apt-get install"
          + " openjdk-17-jdk-headless)");
    }
    Path dir = null;
    try {
      dir = InLoopFiles.create("nicsim-jni");
      Path source = dir.resolve("nicsim_jni.c");
      Path lib = dir.resolve("libnicsim_jni.so");
      Files.writeString(source, resource("exec/nicsim_jni.c"), StandardCharsets.UTF_8);
      List<String> cmd = List.of(Gcc.command(), "-O2", "-shared", "-fPIC", "-I" + include,
          "-I" + include.resolve("linux"), "-o", lib.toString(), source.toString(), "-ldl",
          "-lpthread");
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new KernelCException("cannot build the JNI bridge with " + Gcc.command() + ": "
            + Gcc.firstError(out, source));
      }
      System.load(lib.toString());
      String err = install(TIMEOUT_MS);
      if (err != null) {
        throw new KernelCException("cannot install the guard of C calls: " + err);
      }
      loaded = true;
    } catch (IOException e) {
      throw new KernelCException("cannot build the JNI bridge: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KernelCException("interrupted while building the JNI bridge");
    } finally {
      InLoopFiles.delete(dir);
    }
  }

  private static String resource(String name) {
    try (InputStream in = JniShim.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Installs the signal handlers and the watchdog; null, or what failed. */
  static native String install(long timeoutMs);

  /** dlopen(path, RTLD_NOW | RTLD_LOCAL): the handle, or 0 ({@link #error}). */
  static native long open(String path);

  /** The last dlopen error. */
  static native String error();

  /** dlsym(handle, name), or 0. */
  static native long symbol(long handle, String name);

  /** The library's input record length ({@code nicsim_loop_inputs}), or -1. */
  static native int inputs(long handle);

  static native void close(long handle);

  /**
   * The calling thread's record words, as direct buffers over the C's own: 0 the input words
   * ({@value #MAX_IN}), 1 the output words; null when the C has no slot left for the thread.
   */
  static native ByteBuffer slot(int which);

  /**
   * One guarded binary call of {@code nicsim_loop_call} on the input words already in the
   * calling thread's {@link #slot slot(0)}, at most {@code cap} output words left in its
   * {@code slot(1)}: their count, or a status as {@link #call}'s. The thread must have asked for
   * its slot first.
   */
  static native long callSlot(long entry, int cap);

  /**
   * One guarded call of {@code nicsim_loop_call}: binary into {@code out}, or (out null) text
   * into {@code text}. Returns the words or bytes written, {@code -N} for death by signal N,
   * {@link #TIMEOUT} or {@link #OVERFLOW}.
   */
  static native long call(long entry, long[] in, int nin, long[] out, byte[] text);
}
