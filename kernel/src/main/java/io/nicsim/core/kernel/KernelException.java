package io.nicsim.core.kernel;

/**
 * A refusal by a ported kernel path: the errno the kernel returns and the message it logs
 * (dev_err / netlink extack), or {@code null} when the kernel says nothing.
 */
public final class KernelException extends Exception {
  private static final long serialVersionUID = 1L;

  private final Errno errno;
  private final String kernelMessage;

  public KernelException(Errno errno, String kernelMessage) {
    super(format(errno, kernelMessage), null, false, false);
    this.errno = errno;
    this.kernelMessage = kernelMessage;
  }

  public KernelException(Errno errno) {
    this(errno, null);
  }

  public Errno errno() {
    return errno;
  }

  /** The message the kernel logs, or null. */
  public String kernelMessage() {
    return kernelMessage;
  }

  private static String format(Errno errno, String message) {
    String head = "-" + errno.name() + " (" + -errno.number() + ")";
    return message == null ? head : head + ": " + message;
  }
}
