package io.nicsim.portcheck;

import java.util.Optional;

/**
 * The reviewed state of one ported function in one kernel release: the hash of its normalised
 * C text there and, when {@code --execute} ran it, the verdict and how many inputs it ran.
 *
 * @param kernel the tree's version as its Makefile states it ({@code 6.12.117})
 * @param executed {@code SAME}, {@code DIFFERS} or {@code NOT RUN} from {@code --execute
 *     --update}, empty when not executed
 * @param inputs the inputs that verdict ran (0 when not executed)
 */
public record LockEntry(
    String file, String function, String kernel, String hash, String executed, int inputs) {

  public LockEntry(String file, String function, String kernel, String hash) {
    this(file, function, kernel, hash, "", 0);
  }

  /** The same entry with an execution verdict. */
  public LockEntry withExecution(String verdict, int count) {
    return new LockEntry(file, function, kernel, hash, verdict, count);
  }

  /** The kernel as a release, when the recorded version is one. */
  public Optional<KernelRelease> release() {
    return KernelRelease.ofMakefile(kernel);
  }

  /** Sort and identity key: file, function, then kernel. */
  String key() {
    return key(file, function) + "\0" + kernel;
  }

  static String key(String file, String function) {
    return file + "\0" + function;
  }
}
