package io.nicsim.runs;

import java.util.Objects;

/**
 * One explored run ({@code run --jitter}, {@code explore}): the run to build, and how it is
 * perturbed and watched for races. {@link RunEngine#explore} runs it; unlike
 * {@link RunEngine#run}, a failure comes back in the {@link ExploreResult} instead of being
 * thrown, so a seed that breaks an invariant is a finding, not an error.
 *
 * @param run the host, traffic and path, as a plain run is spelled
 * @param exploration the perturbation bounds and liveness probe period
 */
public record ExploreRequest(RunRequest run, Exploration exploration) {
  public ExploreRequest {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(exploration, "exploration");
  }

  /** The seed the run and its perturbation stream are derived from. */
  public long seed() {
    return run.seed();
  }

  /** The same exploration of another run. */
  public ExploreRequest withRun(RunRequest r) {
    return new ExploreRequest(r, exploration);
  }
}
