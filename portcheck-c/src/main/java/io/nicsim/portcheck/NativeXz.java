package io.nicsim.portcheck;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * An {@code .tar.xz} decompressed by the system's {@code xz} ({@code xz -dc -T0}: liblzma, on
 * every core for an archive of several blocks, as Debian's kernel source tarballs are), a few
 * times faster than the Java decoder. Used only when it succeeds completely: a missing
 * {@code xz}, a failure or an exit status other than 0 leaves the reading to the Java decoder,
 * so a damaged archive is described exactly as before.
 */
final class NativeXz {
  private NativeXz() {}

  /** A pass over the decompressed stream. */
  interface Pass {
    void accept(InputStream unpacked) throws IOException;
  }

  /**
   * Runs {@code pass} on the archive decompressed by {@code xz}; false (and what the pass kept
   * is to be discarded) when the archive is not {@code .xz}, there is no {@code xz} or it
   * failed.
   */
  static boolean unpack(Path archive, Pass pass) {
    String name = archive.getFileName().toString().toLowerCase(Locale.ROOT);
    if (!(name.endsWith(".tar.xz") || name.endsWith(".txz"))
        || "off".equals(System.getenv("NICSIM_NATIVE_XZ"))) {
      return false;
    }
    Process p;
    try {
      p = new ProcessBuilder("xz", "-dc", "-T0", "--", archive.toString())
          .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    } catch (IOException e) {
      return false; // no xz here
    }
    try (InputStream out = p.getInputStream()) {
      p.getOutputStream().close();
      pass.accept(out);
      out.transferTo(OutputStreamSink.INSTANCE); // the archive's end, so xz exits 0
      return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException | RuntimeException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } finally {
      p.destroyForcibly();
    }
  }

  /** Discards what is written. */
  private static final class OutputStreamSink extends OutputStream {
    static final OutputStreamSink INSTANCE = new OutputStreamSink();

    @Override
    public void write(int b) {}

    @Override
    public void write(byte[] b, int off, int len) {}
  }
}
