package io.nicsim.core.port.exec;

/**
 * A fixed table from a token's name hash ({@link NativeOut#id}) to a small non-negative number:
 * how a bridge turns each token of a record into what it names without boxing the hash or
 * hashing a string per token (open addressing on primitive arrays, built once, read-only after).
 */
public final class NameIds {
  /** What {@link #get} returns for a hash the table does not hold. */
  public static final int ABSENT = -1;

  private final long[] keys;
  private final int[] values;
  private final int mask;
  private int size;

  /** A table with room for {@code capacity} names. */
  public NameIds(int capacity) {
    int n = Integer.highestOneBit(Math.max(4, capacity * 2 - 1)) << 1;
    keys = new long[n];
    values = new int[n];
    java.util.Arrays.fill(values, ABSENT);
    mask = n - 1;
  }

  /** Maps {@code name}'s hash to {@code value} (≥ 0); a name put twice keeps its first value. */
  public NameIds put(String name, int value) {
    return putId(NativeOut.id(name), value);
  }

  /** Maps the hash {@code id} to {@code value} (≥ 0); an id put twice keeps its first value. */
  public NameIds putId(long id, int value) {
    if (value < 0) {
      throw new IllegalArgumentException("a name's number is not negative: " + value);
    }
    if (size * 2 >= keys.length) {
      throw new IllegalStateException("the table is full (" + size + " names)");
    }
    int i = slot(id);
    while (values[i] != ABSENT) {
      if (keys[i] == id) {
        return this;
      }
      i = (i + 1) & mask;
    }
    keys[i] = id;
    values[i] = value;
    size++;
    return this;
  }

  /** The number of the name whose hash is {@code id}, or {@link #ABSENT}. */
  public int get(long id) {
    int i = slot(id);
    while (values[i] != ABSENT) {
      if (keys[i] == id) {
        return values[i];
      }
      i = (i + 1) & mask;
    }
    return ABSENT;
  }

  private int slot(long id) {
    long h = id * 0x9E3779B97F4A7C15L;
    return (int) (h >>> 40) & mask;
  }
}
