package io.nicsim.studies.uncertainty;

/**
 * One bar of a row's tornado list: the row's value with one input at the low and at the high
 * end of its range, every other input at its value.
 *
 * @param input the input id ({@code cyclone5:costs.udp_sendmsg}, {@code path:rtt})
 * @param atLow the row's value with the input at its low end
 * @param atHigh the row's value with the input at its high end
 */
public record Tornado(String input, double atLow, double atHigh) {

  /** How far the input moves the row. */
  public double swing() {
    return Math.abs(atHigh - atLow);
  }
}
