package io.nicsim.runs;

import java.util.LinkedHashMap;
import java.util.List;

/**
 * What a traffic generator reports itself.
 *
 * @param lines the tool's summary lines as it prints them
 * @param metrics metric name → value in the order they were added
 */
public record TrafficReport(List<String> lines, LinkedHashMap<String, Double> metrics) {
  public TrafficReport {
    lines = List.copyOf(lines);
    metrics = new LinkedHashMap<>(metrics);
  }
}
