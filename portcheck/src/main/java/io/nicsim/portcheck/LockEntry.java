package io.nicsim.portcheck;

/**
 * The reviewed state of one ported function: the hash of its normalised C text and the kernel
 * version of the tree that hash was taken from.
 */
public record LockEntry(String file, String function, String kernel, String hash) {

  /** Sort and identity key: file, then function. */
  String key() {
    return key(file, function);
  }

  static String key(String file, String function) {
    return file + "\0" + function;
  }
}
