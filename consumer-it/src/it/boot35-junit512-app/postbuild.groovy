// The kit's one message, naming the JUnit to take, and no bare NoClassDefFoundError.
def log = new File(basedir, 'build.log').text
assert log.contains('@BothBackends needs JUnit 5.13 or later') : 'the test kit\'s message is missing'
assert log.contains('JUnit Jupiter 5.12') : 'the message does not name the JUnit the test ran on'
assert log.contains('junit-jupiter.version') : 'the message does not say what a Boot 3.5 app sets'
assert !log.contains('NoClassDefFoundError') : 'a bare NoClassDefFoundError reached the output'
assert log.contains('Tests run: 1, Failures: 0, Errors: 1') : 'FeedTest did not fail alone'
return true
