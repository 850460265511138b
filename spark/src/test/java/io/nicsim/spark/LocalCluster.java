package io.nicsim.spark;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A Spark standalone cluster of separate local processes, started from the jars on the test's
 * class path (no Spark distribution, no download), bound to 127.0.0.1: one Master and N
 * Workers of one core each. Executors find Spark through a SPARK_HOME that holds only
 * {@code jars/} (links to the class path's third-party jars); nicsim's own jars are not there,
 * the driver ships them ({@code nicsim.spark.jars}), as it would to any cluster.
 */
final class LocalCluster implements AutoCloseable {
  private final Path dir;
  private final Path sparkHome;
  private final List<Path> classPath = new ArrayList<>();
  private final List<Path> nicsimJars = new ArrayList<>();
  private Process master;
  private final List<Process> workers = new ArrayList<>();
  private final int port;

  LocalCluster(Path dir) throws IOException {
    this.dir = dir;
    this.sparkHome = dir.resolve("spark-home");
    Files.createDirectories(sparkHome.resolve("jars"));
    Path root = Path.of(System.getProperty("user.dir")).getParent().toAbsolutePath().normalize();
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Path.of(e).toAbsolutePath().normalize();
      classPath.add(p);
      if (p.startsWith(root)) {
        if (p.toString().endsWith(".jar")) {
          nicsimJars.add(p); // nicsim's modules, as the reactor built them
        } else if (p.endsWith(Path.of("target", "classes"))) { // a module not yet packaged
          String module = p.getParent().getParent().getFileName().toString();
          nicsimJars.add(jarOf(p, dir.resolve("nicsim-" + module + ".jar")));
        }
      } else if (p.toString().endsWith(".jar") && Files.isRegularFile(p)) {
        Path link = sparkHome.resolve("jars").resolve(p.getFileName());
        if (!Files.exists(link)) {
          Files.createSymbolicLink(link, p);
        }
      }
    }
    this.port = freePort();
  }

  String url() {
    return "spark://127.0.0.1:" + port;
  }

  /** What the driver ships to the executors, as the launcher's {@code nicsim.spark.jars}. */
  String shippedJars() {
    return String.join(":", nicsimJars.stream().map(Path::toString).toList());
  }

  void start(int workerCount) throws Exception {
    master = launch("master", List.of("-Dspark.master.rest.enabled=false"),
        List.of("org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
            Integer.toString(port), "--webui-port", "0"));
    waitForPort(port, 180_000);
    for (int i = 0; i < workerCount; i++) {
      Path work = Files.createDirectories(dir.resolve("work-" + i));
      workers.add(launch("worker-" + i, List.of(), List.of(
          "org.apache.spark.deploy.worker.Worker", url(), "--host", "127.0.0.1", "--cores", "1",
          "--memory", "1g", "--webui-port", "0", "--work-dir", work.toString())));
    }
    for (int i = 0; i < workerCount; i++) {
      waitForLog(dir.resolve("worker-" + i + ".log"), "Successfully registered with master",
          180_000);
    }
  }

  /** Removes {@code root} and everything below it; links are removed, never followed. */
  static void deleteTree(Path root) throws IOException {
    if (root == null || !Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> all = Files.walk(root)) { // walk does not follow links by default
      for (Path p : (Iterable<Path>) all.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }

  Process worker(int i) {
    return workers.get(i);
  }

  private Process launch(String name, List<String> props, List<String> main) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx256m");
    cmd.addAll(props);
    cmd.add("-cp");
    cmd.add(sparkHome.resolve("jars") + "/*");
    cmd.addAll(main);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(dir.resolve(name + ".log").toFile());
    pb.environment().put("SPARK_HOME", sparkHome.toString());
    pb.environment().put("SPARK_SCALA_VERSION", "2.13");
    pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    pb.environment().remove("SPARK_CONF_DIR");
    return pb.start();
  }

  private static Path jarOf(Path classes, Path jar) throws IOException {
    try (OutputStream os = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(os);
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
        out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        Files.copy(f, out);
        out.closeEntry();
      }
    }
    return jar;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private void waitForPort(int p, long ms) throws Exception {
    long end = System.currentTimeMillis() + ms;
    while (System.currentTimeMillis() < end) {
      try (Socket s = new Socket("127.0.0.1", p)) {
        return;
      } catch (IOException e) {
        if (!master.isAlive()) {
          throw new IllegalStateException("master died: " + tail("master"));
        }
        Thread.sleep(200);
      }
    }
    throw new IllegalStateException("master not listening: " + tail("master"));
  }

  private void waitForLog(Path log, String text, long ms) throws Exception {
    long end = System.currentTimeMillis() + ms;
    while (System.currentTimeMillis() < end) {
      if (Files.exists(log) && Files.readString(log).contains(text)) {
        return;
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException(log.getFileName() + " never said '" + text + "': "
        + Files.readString(log));
  }

  String tail(String name) {
    try {
      String s = Files.readString(dir.resolve(name + ".log"));
      return s.substring(Math.max(0, s.length() - 3000));
    } catch (IOException e) {
      return e.toString();
    }
  }

  /** SIGKILLs worker {@code i} (its executor is left to notice, as on a real machine). */
  void killWorker(int i) {
    Process w = workers.get(i);
    w.descendants().forEach(orphans::add);
    w.destroyForcibly();
  }

  private final List<ProcessHandle> orphans = new ArrayList<>();

  @Override
  public void close() throws Exception {
    List<ProcessHandle> executors = new ArrayList<>(orphans);
    for (Process w : workers) {
      w.descendants().forEach(executors::add);
      w.destroyForcibly();
    }
    if (master != null) {
      master.destroyForcibly();
    }
    for (Process w : workers) {
      w.waitFor();
    }
    if (master != null) {
      master.waitFor();
    }
    // executors exit when their worker goes; these are only the ones still running
    executors.forEach(ProcessHandle::destroyForcibly);
  }
}
