/**
 * {@code nicsim port-check}: tells when a ported kernel function has changed upstream, and
 * shows the change.
 *
 * <h2>Annotating a port of your own</h2>
 *
 * <p>Any method or constructor that mirrors a kernel C function carries
 * {@link io.nicsim.core.port.KernelPort @KernelPort}. Port-check reads it at run time from every
 * class on the class path, a library consumer's included, so a port of your own is checked
 * against upstream exactly like nicsim's:
 *
 * <pre>{@code
 * @KernelPort(
 *     file = "drivers/net/ethernet/vendor/mymac/mymac_main.c", // path inside the kernel tree
 *     function = "mymac_tx_timer_arm",                         // the C name, as defined there
 *     versions = "v6.6..v6.18",                                // kernels whose behaviour this reproduces
 *     commits = {"0123456789ab"},                              // upstream commits that shaped it
 *     source = "owner/linux@<40-hex commit>",                  // the tree you read it in
 *     notes = "the XDP path is not modelled")                  // what a reviewer must know
 * void txTimerArm(int queue) { ... }
 * }</pre>
 *
 * <ul>
 *   <li>{@code file} is relative to the kernel tree root, with {@code /} separators;
 *       {@code function} is the name of the <em>definition</em> (not a macro that expands to it).
 *   <li>One Java method per C function. A method that mirrors two functions carries the
 *       annotation twice (it is repeatable); two methods porting the same function share one
 *       lock entry.
 *   <li>Constructors may carry it too.
 *   <li>The annotation is read without initialising your classes; a class that fails to
 *       <em>load</em> stops port-check with one line naming it.
 * </ul>
 *
 * <h2>Checking your ports</h2>
 *
 * <p>Put your jar on nicsim's class path and keep your own lock file:
 *
 * <pre>
 * NICSIM_CLASSPATH=target/my-ports.jar ./nicsim port-check \
 *     --kernel-tree ~/src/linux --lock my-port-lock.json --update    # once, after review
 * NICSIM_CLASSPATH=target/my-ports.jar ./nicsim port-check \
 *     --kernel-tree ~/src/linux-next --lock my-port-lock.json        # later: what drifted?
 * </pre>
 *
 * <p>Jars named in a jar manifest's {@code Class-Path} are scanned as well. From your own
 * launcher, run {@code io.nicsim.cli.Nicsim.main(args)} with your jar on the class path,
 * or construct {@code new PortCheckCommand(() -> KernelPortReader.read(List.of(MyMacTx.class)))}
 * to check an explicit list of classes.
 *
 * <h2>How it works</h2>
 *
 * <p>{@link io.nicsim.portcheck.ClasspathScanner} finds the annotated classes (a byte search
 * of class files, then loading without initialisation); {@link
 * io.nicsim.portcheck.PortLocator} finds each function in a {@link
 * io.nicsim.portcheck.KernelTree} (recorded file, then the files under its directory);
 * {@link io.nicsim.portcheck.CTokenizer} and {@link io.nicsim.portcheck.CSource}
 * find the definition (comments, literals, preprocessor lines and {@code #if} branches
 * understood); {@link io.nicsim.portcheck.Normaliser} and {@link
 * io.nicsim.portcheck.FunctionHash} hash it; {@link io.nicsim.portcheck.PortCheck}
 * judges it against the {@link io.nicsim.portcheck.PortLock}; {@link
 * io.nicsim.portcheck.FunctionDiff} shows what changed.
 */
package io.nicsim.portcheck;
