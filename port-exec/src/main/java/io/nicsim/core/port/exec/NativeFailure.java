package io.nicsim.core.port.exec;

/**
 * A kernel function running in the loop did not complete: it died of a signal (a bad pointer,
 * a division by zero) or did not return within the bound, or its output cannot be applied to
 * the simulation. The message names the function and its input record, in one line.
 */
public final class NativeFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NativeFailure(String message) {
    super(message, null, false, false);
  }

  /**
   * The failure of a token a bridge cannot apply (a call the patched C makes that nicsim does
   * not model, a field it does not know), naming the token as port-check prints it and the input.
   */
  public static NativeFailure cannotApply(NativePort c, long[] in, NativeOut out) {
    int index = out.index();
    String[] tokens = c.text(in).split(" ");
    String token = index >= 0 && index < tokens.length ? tokens[index] : "token " + index;
    return new NativeFailure(c.function() + "'s C (" + c.file() + ") did " + token
        + ", which nicsim does not apply to the simulation; input " + record(c, in));
  }

  /** An input record as {@code name=value} pairs, for messages. */
  public static String record(NativePort c, long[] in) {
    StringBuilder record = new StringBuilder();
    for (int i = 0; i < c.fields().size() && i < in.length; i++) {
      InputField f = c.fields().get(i);
      record.append(i == 0 ? "" : " ").append(f.name()).append('=')
          .append(f.unsigned() ? Long.toUnsignedString(in[i]) : Long.toString(in[i]));
    }
    return record.toString();
  }
}
