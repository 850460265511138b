package io.nicsim.studies.plan;

import java.io.Serializable;

/**
 * Runs one point. Implementations are serializable and hold only configuration (no host, no
 * open file), because a distributed engine ships them to other JVMs; each call builds what it
 * needs from the point.
 */
@FunctionalInterface
public interface PointTask extends Serializable {

  PointResult run(Point point);
}
