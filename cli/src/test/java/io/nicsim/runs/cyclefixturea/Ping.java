package io.nicsim.runs.cyclefixturea;

import io.nicsim.runs.cyclefixtureb.Pong;

/** LayeringTest's fixture: half of a circle of two packages. */
public final class Ping {
  private Ping() {}

  public static int back() {
    return Pong.back() + 1;
  }

  public static int depth() {
    return 0;
  }
}
