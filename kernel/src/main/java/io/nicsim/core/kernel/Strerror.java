package io.nicsim.core.kernel;

/** strerror(3): the text glibc prints for an errno, as a shell or ynl shows a refusal. */
public final class Strerror {
  private Strerror() {}

  public static String of(Errno e) {
    switch (e) {
      case EPERM:
        return "Operation not permitted";
      case ENOENT:
        return "No such file or directory";
      case EIO:
        return "Input/output error";
      case EAGAIN:
        return "Resource temporarily unavailable";
      case ENOMEM:
        return "Cannot allocate memory";
      case EACCES:
        return "Permission denied";
      case EBUSY:
        return "Device or resource busy";
      case ENODEV:
        return "No such device";
      case ENOTTY:
        return "Inappropriate ioctl for device";
      case ENOPROTOOPT:
        return "Protocol not available";
      case EINVAL:
        return "Invalid argument";
      case ERANGE:
        return "Numerical result out of range";
      case ENOBUFS:
        return "No buffer space available";
      case EOPNOTSUPP:
        return "Operation not supported";
      default:
        return e.name();
    }
  }
}
