package io.nicsim.validate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a command and collects its output (both streams), with a time limit. */
final class Sh {
  private Sh() {}

  record Result(int status, String out) {
    boolean ok() {
      return status == 0;
    }
  }

  static Result run(long timeoutMs, List<String> cmd) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    Process p = pb.start();
    p.getOutputStream().close();
    byte[][] out = new byte[1][];
    Thread reader = new Thread(() -> {
      try {
        out[0] = p.getInputStream().readAllBytes();
      } catch (IOException e) {
        out[0] = new byte[0];
      }
    }, "sh-reader");
    reader.setDaemon(true);
    reader.start();
    try {
      if (!p.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        p.waitFor(2, TimeUnit.SECONDS);
        reader.join(1000);
        return new Result(124, "timed out after " + timeoutMs + " ms: " + String.join(" ", cmd));
      }
      reader.join(5000);
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + String.join(" ", cmd));
    }
    return new Result(p.exitValue(),
        out[0] == null ? "" : new String(out[0], StandardCharsets.UTF_8));
  }

  static Result run(String... cmd) throws IOException {
    return run(30_000, List.of(cmd));
  }

  /** {@code ip netns exec NS cmd…}. */
  static List<String> in(String ns, String... cmd) {
    List<String> a = new ArrayList<>(List.of("ip", "netns", "exec", ns));
    a.addAll(List.of(cmd));
    return a;
  }

  /** Runs it and throws with its output when it fails. */
  static String must(String what, List<String> cmd) throws IOException {
    Result r = run(30_000, cmd);
    if (!r.ok()) {
      throw new SetupException(what + ": `" + String.join(" ", cmd) + "` failed ("
          + r.status() + "): " + r.out().strip());
    }
    return r.out();
  }

  /** A step of the real side's set-up failed; the message says which and why. */
  static final class SetupException extends IOException {
    private static final long serialVersionUID = 1L;

    SetupException(String m) {
      super(m);
    }
  }
}
