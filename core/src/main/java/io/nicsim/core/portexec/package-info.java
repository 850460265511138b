/**
 * What core's and the drivers' {@code port-check --execute} harnesses build their Java side on:
 * a plain kernel whose costs are all zero ({@link io.nicsim.core.portexec.HarnessKernel}). The
 * harnesses themselves live beside the ports they run ({@code dim.DimHarnesses},
 * {@code net.DqlHarnesses}, each a {@code PortHarnessProvider} listed in
 * {@code META-INF/services}), their C under {@code src/main/resources/nicsim/portexec/}.
 */
package io.nicsim.core.portexec;
