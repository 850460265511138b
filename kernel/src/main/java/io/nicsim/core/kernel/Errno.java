package io.nicsim.core.kernel;

/** The errno values nicsim's ported kernel paths return, with their Linux numbers. */
public enum Errno {
  EPERM(1),
  ENOENT(2),
  EIO(5),
  EAGAIN(11),
  ENOMEM(12),
  EACCES(13),
  EBUSY(16),
  ENODEV(19),
  ENOTTY(25),
  EINVAL(22),
  ERANGE(34),
  ENOPROTOOPT(92),
  ENOBUFS(105),
  EOPNOTSUPP(95);

  private final int number;

  Errno(int number) {
    this.number = number;
  }

  /** The positive errno number (the kernel returns its negation). */
  public int number() {
    return number;
  }
}
