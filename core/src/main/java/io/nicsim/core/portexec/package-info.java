/**
 * core's side of {@code port-check --execute} (module portcheck): the harness provider for core's
 * own ports and a plain kernel the drivers' harnesses build their Java side on. The harnesses
 * themselves live beside the ports they run ({@code dim.DimHarnesses}, {@code net.DqlHarnesses}),
 * their C under {@code src/main/resources/nicsim/portexec/}.
 */
package io.nicsim.core.portexec;
