package io.nicsim.runs.cyclefixtureb;

import io.nicsim.runs.cyclefixturea.Ping;

/** LayeringTest's fixture: the other half of the circle. */
public final class Pong {
  private Pong() {}

  public static int back() {
    return Ping.depth() + 1;
  }
}
