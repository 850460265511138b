package io.nicsim.studies.patch;

import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunResult;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.PointTask;
import io.nicsim.studies.sweep.RunPointTask;
import io.nicsim.studies.uncertainty.LatinHypercube;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * One side of {@code nicsim patch}'s comparison: a run (its arguments carry {@code --ports c}
 * and, for the after side, {@code --apply}); its columns are the summary metrics, then
 * {@code cpu.OP} (CPU % by operation) and {@code counter.NAME} (the driver's counters per
 * second), then {@code c.FUNCTION} (the calls each function made as C).
 */
public final class PatchPointTask implements PointTask {
  private static final long serialVersionUID = 1L;

  /** Column prefixes. */
  public static final String CPU = "cpu.";
  public static final String COUNTER = "counter.";
  public static final String C = "c.";

  private final transient RunEnv env;

  public PatchPointTask(RunEnv env) {
    this.env = env;
  }

  @Override
  public PointResult run(Point point) {
    RunEnv e = env == null ? RunEnv.standard() : env;
    List<String> args = new ArrayList<>(point.args());
    int lhs = args.indexOf("--lhs");
    RunResult r;
    if (lhs < 0) {
      r = e.engine().run(RunPointTask.request(args));
    } else {
      String[] f = args.get(lhs + 1).split(":");
      args.subList(lhs, lhs + 2).clear();
      r = e.engine().run(RunPointTask.request(args, new LatinHypercube(Long.parseLong(f[0]),
          Integer.parseInt(f[1]), Integer.parseInt(f[2]))));
    }
    LinkedHashMap<String, String> cols = new LinkedHashMap<>();
    r.summary().forEach((k, v) -> cols.put(k, Double.toString(v)));
    r.cpuPctByOp().forEach((k, v) -> cols.put(CPU + k, Double.toString(v)));
    r.countersPerSec().forEach((k, v) -> cols.put(COUNTER + k, Double.toString(v)));
    if (r.kernelC() != null) {
      r.kernelC().calls().forEach((k, v) -> cols.put(C + k.substring(k.indexOf(' ') + 1),
          Long.toString(v)));
    }
    return PointResult.ok(point.index(), cols);
  }
}
