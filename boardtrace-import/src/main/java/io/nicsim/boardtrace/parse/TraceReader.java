package io.nicsim.boardtrace.parse;

import io.nicsim.boardtrace.event.EventSink;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.config.InputKind;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.tukaani.xz.XZInputStream;

/**
 * Opens a board's trace and streams it through {@link FtraceTextParser}: ftrace text (plain,
 * {@code .gz} or {@code .xz}), or trace-cmd's binary {@code trace.dat}, which is read through
 * {@code trace-cmd report -t} when trace-cmd is installed (nicsim has no reader of its own for
 * the binary format). Nothing is kept but the parser's statistics.
 */
public final class TraceReader {
  /** trace-cmd.dat(5): "\027\010\104tracing". */
  private static final byte[] DAT_MAGIC = {0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g'};
  private static final int CHUNK = 1 << 16;

  private TraceReader() {}

  /** Reads {@code file} into {@code sink}; one line naming the problem on any bad input. */
  public static ImportStats read(Path file, EventSink sink, ParseOptions options) {
    String label = file.toString();
    if (Files.isDirectory(file)) {
      throw new BadInputException("trace " + label + ": is a directory (accepted: an ftrace"
          + " text file or a trace-cmd trace.dat)");
    }
    String kind = InputKind.notARegularFile(file);
    if (kind != null) {
      throw new BadInputException("trace " + label + ": " + kind + " (accepted: an ftrace"
          + " text file or a trace-cmd trace.dat)");
    }
    if (!Files.isReadable(file)) {
      throw new BadInputException("trace " + label + ": cannot be read (permission denied)");
    }
    byte[] head = new byte[16];
    int got;
    try (InputStream in = Files.newInputStream(file)) {
      got = in.readNBytes(head, 0, head.length);
    } catch (IOException e) {
      throw new BadInputException("trace " + label + ": " + e.getMessage());
    }
    if (got >= DAT_MAGIC.length && startsWith(head, DAT_MAGIC)) {
      return readDat(file, label, sink, options);
    }
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    boolean gzip = got >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
    boolean xz = got >= 6 && (head[0] & 0xff) == 0xfd && head[1] == '7' && head[2] == 'z'
        && head[3] == 'X' && head[4] == 'Z' && head[5] == 0;
    if (name.endsWith(".gz") && !gzip || name.endsWith(".xz") && !xz) {
      throw new BadInputException("trace " + label + ": named ." + name.substring(
          name.length() - 2) + " but not " + (name.endsWith(".gz") ? "gzip" : "xz") + " data"
          + " (accepted: ftrace text, compressed as its name says, or a trace-cmd trace.dat)");
    }
    if (name.endsWith(".dat") && !isText(head, got)) {
      throw new BadInputException("trace " + label + ": not a trace-cmd trace.dat (no"
          + " tracing magic at its start) and not text (accepted: a trace.dat as trace-cmd"
          + " record writes it, or ftrace text)");
    }
    MessageDigest sha = sha256();
    try (InputStream raw = new DigestInputStream(
        new BufferedInputStream(Files.newInputStream(file), CHUNK), sha)) {
      InputStream in = raw;
      String via = null;
      if (got >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
        in = new GZIPInputStream(raw, CHUNK);
        via = "gzip";
      } else if (got >= 6 && (head[0] & 0xff) == 0xfd && head[1] == '7' && head[2] == 'z'
          && head[3] == 'X' && head[4] == 'Z' && head[5] == 0) {
        in = new XZInputStream(raw);
        via = "xz";
      }
      ImportStats s = readText(label, decoder(in), sink, options);
      s.sha256 = HexFormat.of().formatHex(sha.digest());
      s.via = via;
      return s;
    } catch (IOException e) {
      throw new BadInputException("trace " + label + ": " + (e instanceof EOFException
          ? "the compressed file ends early (truncated)" : e.getMessage()));
    }
  }

  /** Whether the first bytes could begin a text file (no NUL, no other C0 control but tabs). */
  private static boolean isText(byte[] head, int got) {
    for (int i = 0; i < got; i++) {
      int b = head[i] & 0xff;
      if (b < 0x20 && b != '\t' && b != '\n' && b != '\r') {
        return false;
      }
    }
    return true;
  }

  /** Streams ftrace text from {@code in} (a whole trace) into {@code sink}. */
  public static ImportStats readText(String label, Reader in, EventSink sink,
      ParseOptions options) throws IOException {
    FtraceTextParser p = new FtraceTextParser(label, sink, options);
    LineSplitter lines = new LineSplitter(p);
    char[] buf = new char[CHUNK];
    for (int n; (n = in.read(buf)) > 0; ) {
      lines.feed(buf, 0, n);
    }
    return p.finish(lines.atLineStart());
  }

  private static Reader decoder(InputStream in) {
    // a garbled byte becomes U+FFFD and its line fails the line grammar with its number
    return new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPLACE)
        .onUnmappableCharacter(CodingErrorAction.REPLACE));
  }

  /** trace.dat through {@code trace-cmd report -t} (nanosecond timestamps). */
  private static ImportStats readDat(Path file, String label, EventSink sink,
      ParseOptions options) {
    String trace = traceCmd();
    if (trace == null) {
      throw new BadInputException("trace " + label + ": a trace-cmd trace.dat, which nicsim reads"
          + " through trace-cmd report; install trace-cmd (apt-get install trace-cmd) or convert"
          + " it where trace-cmd runs: trace-cmd report -t -i trace.dat > trace.txt");
    }
    String sha = sha256Of(file, label);
    String uname = run(List.of(trace, "report", "--uname", "-i", file.toString()), label);
    Process p;
    Path err;
    try {
      err = Files.createTempFile("nicsim-trace-cmd", ".err");
      p = new ProcessBuilder(trace, "report", "-t", "-i", file.toString())
          .redirectError(err.toFile()).start();
    } catch (IOException e) {
      throw new BadInputException("trace " + label + ": trace-cmd report did not start: "
          + e.getMessage());
    }
    try {
      p.getOutputStream().close();
      ImportStats s;
      try (InputStream out = p.getInputStream()) {
        s = readText(label, decoder(out), sink, options);
      }
      int rc = p.waitFor();
      if (rc != 0) {
        throw new BadInputException("trace " + label + ": trace-cmd report failed (exit " + rc
            + "): " + firstLine(err));
      }
      if (s.events == 0 && !firstLine(err).isBlank()) {
        // trace-cmd reads the header of a cut file and then stops, printing why on stderr
        throw new BadInputException("trace " + label + ": trace-cmd report read no event: "
            + firstLine(err) + " (a truncated or damaged trace.dat?)");
      }
      s.sha256 = sha;
      s.via = "trace-cmd report -t (" + firstLine(run(List.of(trace, "--version"), label)
          .lines().filter(l -> l.startsWith("trace-cmd version")).findFirst()
          .orElse("trace-cmd")) + ")";
      s.kernel = kernelOf(uname);
      return s;
    } catch (IOException e) {
      throw new BadInputException("trace " + label + ": reading trace-cmd report: "
          + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BadInputException("trace " + label + ": interrupted");
    } finally {
      p.destroy();
      try {
        Files.deleteIfExists(err);
      } catch (IOException ignored) {
        // a temp file
      }
    }
  }

  /** "Linux vm 6.18.44-fc-v1098 x86_64" -> "6.18.44-fc-v1098 (x86_64)". */
  static String kernelOf(String uname) {
    for (String line : uname.split("\n")) {
      String[] w = line.trim().split("\\s+");
      if (w.length >= 3 && w[0].equals("Linux")) {
        return w[2] + (w.length >= 4 ? " (" + w[w.length - 1] + ")" : "");
      }
    }
    return null;
  }

  private static String traceCmd() {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String d : path.split(File.pathSeparator)) {
      Path t = Path.of(d, "trace-cmd");
      if (Files.isExecutable(t)) {
        return t.toString();
      }
    }
    return null;
  }

  /** Whether trace-cmd is on the PATH (tests of trace.dat need it). */
  public static boolean traceCmdInstalled() {
    return traceCmd() != null;
  }

  private static String run(List<String> cmd, String label) {
    try {
      Process p = new ProcessBuilder(new ArrayList<>(cmd)).redirectErrorStream(true).start();
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroy();
      }
      return out;
    } catch (IOException e) {
      throw new BadInputException("trace " + label + ": " + cmd.get(0) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BadInputException("trace " + label + ": interrupted");
    }
  }

  private static String firstLine(Path f) {
    try {
      return firstLine(Files.readString(f));
    } catch (IOException e) {
      return "";
    }
  }

  private static String firstLine(String s) {
    for (String l : s.split("\n")) {
      if (!l.isBlank()) {
        return l.trim();
      }
    }
    return "";
  }

  private static String sha256Of(Path file, String label) {
    MessageDigest sha = sha256();
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
      in.transferTo(OutputStream.nullOutputStream());
    } catch (IOException e) {
      throw new BadInputException("trace " + label + ": " + e.getMessage());
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static boolean startsWith(byte[] b, byte[] prefix) {
    for (int i = 0; i < prefix.length; i++) {
      if (b[i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  /** Cuts a character stream into lines for the parser, remembering an unterminated tail. */
  static final class LineSplitter {
    private final FtraceTextParser parser;
    private final StringBuilder partial = new StringBuilder(256);

    LineSplitter(FtraceTextParser parser) {
      this.parser = parser;
    }

    void feed(char[] buf, int off, int len) {
      int start = off;
      int end = off + len;
      for (int i = off; i < end; i++) {
        if (buf[i] == '\n') {
          if (partial.length() > 0) {
            partial.append(buf, start, i - start);
            parser.line(partial.toString());
            partial.setLength(0);
          } else {
            parser.line(new String(buf, start, i - start));
          }
          start = i + 1;
        }
      }
      if (start < end) {
        partial.append(buf, start, end - start);
        if (partial.length() > 1 << 20) {
          throw new BadInputException("trace " + parser.stats().label + " line "
              + (parser.stats().lines + 1) + ": a line longer than 1 MiB (not ftrace text)");
        }
      }
    }

    /** Whether the input so far ended with a newline (or was empty). */
    boolean atLineStart() {
      return partial.length() == 0;
    }
  }
}
