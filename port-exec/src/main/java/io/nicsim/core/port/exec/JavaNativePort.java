package io.nicsim.core.port.exec;

import java.util.List;

/**
 * A harness's Java side as a {@link NativePort}: the Java port run on the input record (on
 * objects the harness builds from it), its output record parsed into tokens. Through the same
 * bridge the C runs through, it gives the simulation the Java port's decisions: what an
 * equivalence check compares the tree's C against, call by call.
 */
public final class JavaNativePort implements NativePort {
  private final PortHarness harness;
  private final JavaPort java;

  /** @param kernel the release the Java side is set up as ({@code 6.12.118}) */
  public JavaNativePort(PortHarness harness, String kernel) {
    this.harness = harness;
    this.java = harness.java(kernel);
  }

  @Override
  public String file() {
    return harness.file();
  }

  @Override
  public String function() {
    return harness.function();
  }

  @Override
  public int inputs() {
    return harness.inputs().size();
  }

  @Override
  public NativeOut call(long[] in) {
    return NativeOut.parse(text(in));
  }

  @Override
  public String text(long[] in) {
    return java.run(in.clone());
  }

  @Override
  public List<InputField> fields() {
    return harness.inputs();
  }

  @Override
  public List<String> inside() {
    return List.of();
  }
}
