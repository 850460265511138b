// the build failed for the method added to the SPI interface (source incompatible)
def log = new File(basedir, 'build.log').text
assert log.contains('io.nicsim.core.host.FixtureSpi.weight():METHOD_ADDED_TO_INTERFACE')
assert log.contains('BUILD FAILURE')
return true
