package io.nicsim.core.host;

import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * The loop every bridge runs a call's C in: call the C on the input record, walk its output
 * record in order, apply each token once through the model ({@link Tokens#apply}), and where the
 * record guessed an answer the C took (a stub answering from it: {@code napi_schedule_prep},
 * {@code napi_complete_done}, a status read, the work of a model's function the C calls) and
 * the model answers otherwise at that point, set the model's answer in the record
 * ({@link #answer}) and run the C again; the tokens already applied are skipped on the runs
 * after (the C is deterministic: the same record up to the guessed answer gives the same tokens
 * up to there), passed to {@link Tokens#replayed} for a bridge that counts positions.
 *
 * <p>One instance per bridge hook (a thread's, as its {@link NativePort}); {@link #run} is not
 * re-entrant.
 */
public final class Replay {
  /** The token was applied: go on. */
  public static final int NEXT = 0;
  /**
   * The token was applied, and the model answered a guessed slot otherwise ({@link #answer} set
   * the record's): run the C again and go on after this token.
   */
  public static final int RERUN = 1;
  /**
   * The token was not applied: the record changed before it (a status the model has since
   * changed): run the C again and apply this token then.
   */
  public static final int RETRY = 2;

  /** More runs of one call than this fail it: an answer that never settles. */
  static final int MAX_RUNS = 10_000;
  /** The function's return value, as every harness prints it. */
  private static final long RET = NativeOut.id("ret");

  /** What a bridge does with the tokens of the C's output record. */
  public interface Tokens {
    /** Before each run's walk, with the run's output (a bridge may read it and rewind it). */
    default void begin(NativeOut o) {
    }

    /** A token an earlier run applied, passed again in its place. */
    default void replayed(NativeOut o) {
    }

    /**
     * Applies a token not applied yet (a call or a field; not {@code ret}, which the replay
     * keeps and {@link #run} returns).
     *
     * @return {@link #NEXT}, {@link #RERUN} or {@link #RETRY}
     */
    int apply(NativeOut o);
  }

  private final NativePort c;
  private final long[] in;
  private int words;

  /** A replay of {@code c} on the input record {@code in} (as long as the longest call's). */
  public Replay(NativePort c, long[] in) {
    this.c = c;
    this.in = in;
    this.words = in.length;
  }

  /** The input record. */
  public long[] in() {
    return in;
  }

  /** The record's length the next run of the C reads (a ring window that grew). */
  public void words(int words) {
    this.words = words;
  }

  /**
   * The model's answer at a guessed slot of the record: {@link #NEXT} when the record's guess
   * was it, else the record takes it and {@link #RERUN}.
   */
  public int answer(int slot, long model) {
    if (in[slot] == model) {
      return NEXT;
    }
    in[slot] = model;
    return RERUN;
  }

  /** {@link #answer} of a yes/no answer held as 1 or 0. */
  public int answer(int slot, boolean model) {
    return answer(slot, model ? 1 : 0);
  }

  /**
   * Runs the C on the record's first {@code words} words and applies its output, to the end;
   * the function's return value ({@code ret}), 0 without one.
   */
  public long run(int words, Tokens t) {
    this.words = words;
    int applied = 0;
    long ret = 0;
    for (int runs = 1; ; runs++) {
      NativeOut o = c.call(in, this.words);
      t.begin(o);
      int token = 0;
      int step = NEXT;
      while (o.next()) {
        if (token++ < applied) {
          t.replayed(o);
          continue;
        }
        if (o.kind() != NativeOut.CALL && o.name() == RET) {
          ret = o.value();
          applied = token;
          continue;
        }
        step = t.apply(o);
        if (step != RETRY) {
          applied = token;
        }
        if (step != NEXT) {
          break;
        }
      }
      if (step == NEXT) {
        return ret;
      }
      if (runs >= MAX_RUNS) {
        throw new NativeFailure(c.function() + "'s C was run " + runs + " times on one call"
            + " and the model's answers did not settle: input " + PortBridge.record(c, in));
      }
    }
  }

  /** {@link #run(int, Tokens)} on the whole record. */
  public long run(Tokens t) {
    return run(in.length, t);
  }
}
