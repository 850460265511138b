// the build failed for the removed SPI method, and for nothing else
def log = new File(basedir, 'build.log').text
assert log.contains('There is at least one incompatibility: io.nicsim.core.host.FixtureBlock.intervalNs():METHOD_REMOVED')
assert log.contains('BUILD FAILURE')
return true
