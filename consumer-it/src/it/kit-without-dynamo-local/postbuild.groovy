// The kit's one message, naming the dependency to add, and no bare NoClassDefFoundError.
def log = new File(basedir, 'build.log').text
assert log.contains('quickphotos-dynamo-local is not on the test class path') : 'the test kit\'s message is missing'
assert log.contains('io.quickphotos:quickphotos-dynamo-local in test scope') : 'the message does not name the dependency'
assert !log.contains('NoClassDefFoundError') : 'a bare NoClassDefFoundError reached the output'
return true
