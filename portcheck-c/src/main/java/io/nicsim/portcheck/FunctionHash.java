package io.nicsim.portcheck;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256, in lower-case hex, of a function's {@link Normaliser normalised} text. */
public final class FunctionHash {
  private FunctionHash() {}

  public static String of(CFunction function) {
    return ofText(function.text());
  }

  public static String ofText(String c) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] digest = sha.digest(Normaliser.normalise(c).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
