package io.nicsim.core.host;


/**
 * Where a bridge is installed: the host being built (its kernel, device and queues) and the
 * MAC model's driver, after the driver is built and before the interface is opened; or, for a
 * bridge {@link PortBridge#beforeBuild}, before the driver is built ({@code driver} null).
 *
 * @param release the tree's release the C comes from ({@code 6.12.118})
 */
public record BridgeSite(HostContext host, NicDriver driver, String release) {}
