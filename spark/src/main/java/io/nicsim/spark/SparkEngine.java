package io.nicsim.spark;

import io.nicsim.core.config.BadInputException;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.PointTask;
import io.nicsim.studies.plan.Progress;
import io.nicsim.studies.plan.ResultTable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.SparkSession;
import scala.reflect.ClassTag$;
import scala.reflect.ClassTag;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * Points as Spark tasks: one partition per point (a lost executor costs only its own points,
 * and points of unequal length balance), each task building its own host from the point's
 * args and seed. Results are collected in point order, so the rows are those of
 * {@code --engine local} whatever the master or partitioning.
 */
public final class SparkEngine implements PointEngine {
  /** Jars the driver ships to a cluster's executors (':'-separated; the launcher sets it). */
  public static final String JARS_PROPERTY = "nicsim.spark.jars";

  private final SparkSession spark;

  private SparkEngine(SparkSession spark) {
    this.spark = spark;
  }

  /** How long a standalone master may take to accept a connection before it is refused. */
  static final int CONNECT_TIMEOUT_MS = 3000;

  /**
   * Refuses, before a session starts, a master Spark would fail on late and loudly: {@code
   * local[0]} (Spark's own check throws from inside its scheduler) and a standalone master no
   * process listens on (Spark retries for a minute, then stops with an internal error).
   */
  static void checkMaster(String m) {
    Matcher local =
        Pattern.compile("local\\[([0-9]+)(,([0-9]+))?]").matcher(m);
    if (local.matches()) {
      if (local.group(1).replaceFirst("^0+", "").isEmpty()) {
        throw BadInputException.field("--master", "'" + m + "' runs no task",
            "local[*], or local[N] with N >= 1");
      }
      return;
    }
    if (!m.startsWith("spark://")) {
      return;
    }
    String why = "no answer";
    for (String hostPort : m.substring("spark://".length()).split(",")) {
      int colon = hostPort.lastIndexOf(':');
      String digits = hostPort.substring(colon + 1).replaceFirst("^0+(?=.)", "");
      int port = digits.length() > 5 ? 0 : Integer.parseInt(digits);
      if (port < 1 || port > 65535) {
        throw BadInputException.field("--master", "port " + digits + " of '" + m
            + "' is out of range", "spark://HOST:PORT with PORT 1..65535");
      }
      try (Socket sock = new Socket()) {
        sock.connect(new InetSocketAddress(hostPort.substring(0, colon), port),
            CONNECT_TIMEOUT_MS);
        return; // a master of the list answers
      } catch (IOException e) {
        why = e.getMessage() == null ? why : e.getMessage().toLowerCase(Locale.ROOT);
      }
    }
    throw BadInputException.field("--master", "no Spark master answers at " + m + " (" + why
        + " within " + CONNECT_TIMEOUT_MS / 1000 + " s)", "spark://HOST:PORT of a running"
            + " master (start-master.sh, or org.apache.spark.deploy.master.Master)");
  }

  /**
   * The master to use ({@code local[*]} when null and spark-submit set none), refused when it is
   * no Spark master URL or names one that cannot run a task; starts nothing.
   */
  static String checkUrl(String master) {
    String m = master != null ? master : System.getProperty("spark.master", "local[*]");
    if (!m.matches("local(\\[([0-9]+|\\*)(,[0-9]+)?])?|spark://[^/\\s]+:[0-9]+(,[^/\\s]+:[0-9]+)*"
        + "|yarn|k8s://\\S+")) {
      throw BadInputException.field("--master", "'" + m + "' is not a Spark master URL",
          "local[*], local[N] or spark://HOST:PORT");
    }
    checkMaster(m);
    return m;
  }

  /**
   * A session on {@code master} ({@code local[*]} when null and spark-submit set none). Spark's
   * own log lines are kept off the console unless the user configured log4j2.
   */
  public static SparkEngine start(String master) {
    String m = checkUrl(master);
    SparkLogging.quiet();
    SparkSession.Builder b = SparkSession.builder().appName("nicsim").master(m)
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.sources.partitionOverwriteMode", "static");
    if (m.startsWith("local")) {
      // nothing leaves this JVM: keep Spark's sockets on the loopback address
      b.config("spark.driver.host", System.getProperty("spark.driver.host", "127.0.0.1"))
          .config("spark.driver.bindAddress",
              System.getProperty("spark.driver.bindAddress", "127.0.0.1"))
          // on a machine loaded far past its cores, a missed 10 s heartbeat makes the local
          // executor's block manager re-register, which local mode cannot answer (seen at a
          // load average of 29 on 2 cores: the job stalled); points are CPU-bound, so wait
          .config("spark.executor.heartbeatInterval",
              System.getProperty("spark.executor.heartbeatInterval", "60s"))
          .config("spark.network.timeout", System.getProperty("spark.network.timeout", "600s"));
    }
    // executors elsewhere fetch nicsim's jars from the driver; a local master's executor is
    // this JVM, whose class path has them already (listing them would make every task carry
    // the list and the first one copy all of them)
    String jars = System.getProperty(JARS_PROPERTY);
    if (!m.startsWith("local") && jars != null && !jars.isBlank()
        && System.getProperty("spark.jars") == null) {
      b.config("spark.jars", String.join(",", jars.split(":")));
    }
    return new SparkEngine(b.getOrCreate());
  }

  @Override
  public String name() {
    return "spark";
  }

  /** The session (for a caller that wants the Dataset API itself). */
  public SparkSession session() {
    return spark;
  }

  @Override
  public List<PointResult> runAll(List<Point> points, PointTask task, Progress progress) {
    if (points.isEmpty()) {
      return List.of();
    }
    SparkContext sc = spark.sparkContext();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(sc);
    TaskProgress listener = new TaskProgress(points.size(), progress);
    sc.addSparkListener(listener);
    try {
      RDD<Point> rdd = jsc.parallelize(points, points.size()).rdd();
      List<PointResult> out = new ArrayList<>(points.size());
      // SparkContext.runJob straight on the points: no map stage, and no lambdas for the
      // closure cleaner to parse (RDD.map and collect hand it one each, every job)
      sc.runJob(rdd, new RunPoint(task), new Collect(out), RESULTS);
      out.sort(Comparator.comparingInt(PointResult::index));
      return out;
    } finally {
      sc.removeSparkListener(listener);
    }
  }

  private static final ClassTag<PointResult[]> RESULTS =
      ClassTag$.MODULE$.apply(PointResult[].class);

  /** The driver's result handler: every partition's rows into one list. */
  private static final class Collect extends AbstractFunction2<Object, PointResult[], BoxedUnit> {
    private final List<PointResult> out;

    Collect(List<PointResult> out) {
      this.out = out;
    }

    @Override
    public BoxedUnit apply(Object partition, PointResult[] rows) {
      synchronized (out) {
        Collections.addAll(out, rows);
      }
      return BoxedUnit.UNIT;
    }
  }

  @Override
  public void save(ResultTable table, Path dir) {
    ParquetTable.write(spark, table, dir);
  }

  @Override
  public void close() {
    spark.stop();
  }
}
