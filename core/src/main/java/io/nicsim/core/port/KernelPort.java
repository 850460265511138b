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
   * Kernel versions whose behaviour the method reproduces, as {@code "vA.B..vC.D"} (inclusive)
   * or a single version. Era differences inside the range are branches on named patches.
   */
  String versions();

  /** Upstream commits (12+ hex digits) that shaped the ported logic; may be empty. */
  String[] commits() default {};

  /**
   * The tree the port was read from, as {@code owner/repo@commit}; port-check's lock file
   * records the hash of the function in that tree.
   */
  String source() default "";

  /** Anything a reviewer must know: deliberate simplifications, parts left out. */
  String notes() default "";
}
