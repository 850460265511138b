package io.nicsim.spark;

import java.net.URL;

/**
 * Keeps Spark's log4j2 lines off nicsim's console: unless the user named a configuration,
 * log4j2 reads nicsim's (errors only, to stderr). Must run before Spark's first class loads.
 */
final class SparkLogging {
  static final String CONFIG = "log4j2.configurationFile";

  private SparkLogging() {}

  static void quiet() {
    if (System.getProperty(CONFIG) == null) {
      URL u = SparkLogging.class.getResource("log4j2-nicsim.properties");
      if (u != null) {
        System.setProperty(CONFIG, u.toString());
      }
    }
  }
}
