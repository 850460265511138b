package io.nicsim.core.port;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a Java method (or constructor) that ports one Linux kernel C function.
 *
 * <p>A reader lays the method beside the C function and sees the same decisions in the same
 * order. {@code nicsim port-check} reads this annotation at run time to find the function in a
 * kernel tree and to tell whether it has changed since the port was made.
 *
 * <pre>{@code
 * @KernelPort(file = "drivers/net/ethernet/stmicro/stmmac/stmmac_main.c",
 *             function = "stmmac_tx_timer_arm",
 *             versions = "v5.11..v6.18",
 *             commits = {"d5a05e69ac6e", "fa60b8163816", "2d1a42cf7f77", "edceeba4af3d"})
 * void txTimerArm(int queue) { ... }
 * }</pre>
 *
 * A method that mirrors two C functions (rare) carries the annotation twice.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.CONSTRUCTOR})
@Repeatable(KernelPorts.class)
public @interface KernelPort {

  /** Path of the C file relative to the kernel tree root, e.g. {@code net/core/dev.c}. */
  String file();

  /** Name of the C function as it is defined in {@link #file()}. */
  String function();

  /**
   * Kernel versions in which the C function exists (under this name, in this file), as
   * {@code "vA.B..vC.D"} (inclusive) or a single version; an end may be a stable release and
   * several ranges may be comma-separated ({@code "v6.1.60..v6.1, v6.6..v6.17"} for a function
   * a stable line got as a backport). port-check reports a function absent from a tree outside
   * these ranges as out of range, not missing. Era differences inside the range are branches
   * on named patches.
   */
  String versions();

  /** Upstream commits (12+ hex digits) that shaped the ported logic; may be empty. */
  String[] commits() default {};

  /**
   * The exact text the port was read from, in a form a reader can fetch: {@code owner/repo@commit}
   * (a GitHub repository and a commit of 12 to 40 hex digits), {@code owner/repo@vX.Y.Z} (a tag),
   * {@code debian:linux-source-X.Y@X.Y.Z} (Debian's source package of that stable release), a
   * release tarball as {@code kernel.org:linux-6.6.58.tar.xz}, or any other tarball as {@code
   * tarball:NAME@sha256:HEX16}. nicsim's own ports use the first three. Free text for people:
   * port-check hashes the tree it is given, not this.
   */
  String source() default "";

  /** Anything a reviewer must know: deliberate simplifications, parts left out. */
  String notes() default "";
}
