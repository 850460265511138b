package io.nicsim.tcp;

import java.util.List;

/**
 * What an algorithm reports for {@code ss -ti} (its tcp_congestion_ops.get_info): named fields,
 * each with the unit ss prints it in.
 */
public record SsInfo(List<Field> fields) {

  /** How ss prints a field. */
  public enum Unit {
    /** A rate in bit/s, printed as ss's sprint_bw does. */
    BPS,
    /** A time in milliseconds, three decimals. */
    MS,
    /** A gain, printed with two decimals at most. */
    GAIN
  }

  /** One field. */
  public record Field(String name, Unit unit, double value) {}

  public SsInfo {
    fields = List.copyOf(fields);
  }
}
