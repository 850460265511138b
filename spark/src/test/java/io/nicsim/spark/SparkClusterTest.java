package io.nicsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A real Spark standalone cluster on 127.0.0.1 (a Master and two Workers, each its own JVM)
 * runs a sweep submitted with {@code --master spark://…}; its rows are those of
 * {@code --engine local}, also when a Worker is SIGKILLed in the middle of the job.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SparkClusterTest {
  static Path dir;
  static LocalCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    // not a JUnit @TempDir: SPARK_HOME/jars holds symbolic links, which it warns about
    dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "cluster-");
    cluster = new LocalCluster(dir);
    cluster.start(2);
    System.setProperty(SparkEngine.JARS_PROPERTY, cluster.shippedJars());
    System.setProperty("spark.executor.memory", "512m");
  }

  @AfterAll
  static void stop() throws Exception {
    System.clearProperty(SparkEngine.JARS_PROPERTY);
    System.clearProperty("spark.executor.memory");
    if (cluster != null) {
      cluster.close();
    }
    LocalCluster.deleteTree(dir);
  }

  static String[] sweep(String duration, String... more) {
    String[] base = {"sweep", "--mac", "fec", "--soc", "imx8mp", "--traffic",
        "iperf3 -u -b 0 -l 64 -t " + duration, "--vary", "rx-usecs=0,20,100,500",
        "--vary", "rx-frames=1,16,64"};
    return Cli.concat(base, more);
  }

  @Test
  @Order(1)
  void aSweepOnTheClusterGivesTheRowsOfTheLocalEngine() throws Exception {
    Path local = dir.resolve("local.csv");
    Path remote = dir.resolve("cluster.csv");
    Cli.Result l = Cli.run(sweep("0.005", "--csv", local.toString()));
    assertThat(l.exit()).as(l.err()).isZero();
    Cli.Result c = Cli.run(sweep("0.005", "--engine", "spark", "--master", cluster.url(),
        "--csv", remote.toString()));
    assertThat(c.exit()).as(c.err() + cluster.tail("worker-0")).isZero();
    assertThat(Files.readAllLines(remote)).hasSize(13);
    assertThat(Files.readString(remote)).doesNotContain("error");
    assertThat(Files.readAllBytes(remote)).isEqualTo(Files.readAllBytes(local));
    assertThat(c.out()).isEqualTo(l.out());
  }

  @Test
  @Order(2)
  void aWorkerKilledMidSweepCostsNothingButTime() throws Exception {
    String[] args = sweep("0.5", "--engine", "spark", "--master", cluster.url(), "--csv",
        dir.resolve("killed.csv").toString());
    StringWriter err = new StringWriter();
    CompletableFuture<Cli.Result> job = CompletableFuture.supplyAsync(() -> Cli.run(err, args));
    Pattern progress = Pattern.compile("sweep: (\\d+)/12 points");
    int doneAtKill = -1;
    long end = System.currentTimeMillis() + 120_000;
    while (doneAtKill < 0 && System.currentTimeMillis() < end && !job.isDone()) {
      Matcher m = progress.matcher(err.toString());
      while (m.find()) {
        int n = Integer.parseInt(m.group(1));
        // progress is throttled to a line a second: on a fast machine the first line may be
        // the only one before the last, so any point done with most still to run will do
        if (n >= 1 && n <= 9) {
          doneAtKill = n;
        }
      }
      if (doneAtKill < 0) {
        Thread.sleep(50);
      }
    }
    assertThat(doneAtKill).as("the sweep was under way: " + err).isPositive();
    assertThat(job.isDone()).as("killed before the job ended").isFalse();
    cluster.killWorker(0);
    assertThat(cluster.worker(0).waitFor(30, TimeUnit.SECONDS)).isTrue();
    Cli.Result c = job.get(240, TimeUnit.SECONDS);
    assertThat(c.exit()).as(c.err()).isZero();

    Path local = dir.resolve("local-long.csv");
    Cli.Result l = Cli.run(sweep("0.5", "--csv", local.toString()));
    assertThat(l.exit()).as(l.err()).isZero();
    assertThat(Files.readString(dir.resolve("killed.csv"))).doesNotContain("error");
    assertThat(Files.readAllBytes(dir.resolve("killed.csv")))
        .isEqualTo(Files.readAllBytes(local));
  }
}
