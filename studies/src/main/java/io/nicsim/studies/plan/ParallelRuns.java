package io.nicsim.studies.plan;

import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Independent runs on a fixed pool of worker threads. Every run builds its own host and
 * shares nothing, so results do not depend on the thread count; they come back in request
 * order, and the first failure in request order is the one reported.
 */
public final class ParallelRuns {
  private ParallelRuns() {}

  public static List<RunResult> run(RunEngine engine, List<RunRequest> reqs, int threads) {
    List<Supplier<RunResult>> jobs = new ArrayList<>();
    for (RunRequest r : reqs) {
      jobs.add(() -> engine.run(r));
    }
    return map(jobs, threads);
  }

  /**
   * Independent jobs on the worker threads; results in job order. Called from a task already
   * running in a {@link ForkJoinPool} (reproduce runs its scenarios as such tasks), the jobs
   * join that pool, whose joining workers run queued jobs meanwhile, so both cores stay busy
   * across scenarios; otherwise a pool of {@code threads} is made for them.
   */
  public static <T> List<T> map(List<Supplier<T>> jobs, int threads) {
    if (threads <= 1 || jobs.size() <= 1) {
      List<T> out = new ArrayList<>();
      for (Supplier<T> j : jobs) {
        out.add(j.get());
      }
      return out;
    }
    if (ForkJoinTask.inForkJoinPool()) {
      // each job's outcome is caught in the job: join() would rethrow a copy of an exception
      // thrown on another thread, and the report must show the job's own
      List<ForkJoinTask<Outcome<T>>> tasks = new ArrayList<>();
      for (Supplier<T> j : jobs) {
        tasks.add(ForkJoinTask.adapt(() -> Outcome.of(j)).fork());
      }
      List<Outcome<T>> done = new ArrayList<>();
      for (ForkJoinTask<Outcome<T>> t : tasks) {
        done.add(t.join()); // every job is joined, so none is left running in the shared pool
      }
      List<T> out = new ArrayList<>();
      for (Outcome<T> o : done) {
        out.add(o.get());
      }
      return out;
    }
    AtomicInteger n = new AtomicInteger();
    ThreadFactory tf = r -> {
      Thread t = new Thread(r, "nicsim-run-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, jobs.size()), tf);
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (Supplier<T> j : jobs) {
        futures.add(pool.submit(j::get));
      }
      List<T> out = new ArrayList<>();
      for (Future<T> f : futures) {
        try {
          out.add(f.get());
        } catch (ExecutionException e) {
          Throwable c = e.getCause();
          if (c instanceof RuntimeException re) {
            throw re;
          }
          if (c instanceof Error err) {
            throw err;
          }
          throw new IllegalStateException(c);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted", e);
        }
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * A job's value or what it threw, caught on the thread that ran it: a fork/join task's
   * {@code join()} or future's {@code get()} would hand back a copy of an exception thrown on
   * another thread, and the user must see the job's own one-line message.
   */
  public record Outcome<T>(T value, Throwable failure) {
    public static <T> Outcome<T> of(Supplier<T> job) {
      try {
        return new Outcome<>(job.get(), null);
      } catch (RuntimeException | Error e) {
        return new Outcome<>(null, e);
      }
    }

    /** The value, or the job's own exception rethrown. */
    public T get() {
      if (failure instanceof RuntimeException re) {
        throw re;
      }
      if (failure instanceof Error err) {
        throw err;
      }
      return value;
    }
  }
}
