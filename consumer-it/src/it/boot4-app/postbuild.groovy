// quickphotos-bom changes no version the application chose: boot4-app's dependencies (the BOM
// imported) and boot4-without-bom's (the same dependencies, versions written by hand) may differ
// only in quickphotos' artifacts and the AWS SDK's. The difference is written down in
// bom-difference.txt, for the record.
def artifacts = { File list ->
  list.readLines()
      .collect { it.trim().replaceAll(/ -- module .*$/, '') }
      .findAll { it ==~ /[^:\s]+:[^:\s]+:.+:.+/ }
      .toSet()
}
def ours = { String coordinates ->
  coordinates.startsWith('io.quickphotos:') || coordinates.startsWith('software.amazon.')
}
def withBom = artifacts(new File(basedir, 'dependency-list.txt'))
def withoutBom = artifacts(new File(basedir, '../boot4-without-bom/dependency-list.txt'))
assert withBom.size() > 50 : "too few dependencies listed: ${withBom.size()}"
def onlyWith = (withBom - withoutBom).sort()
def onlyWithout = (withoutBom - withBom).sort()
new File(basedir, 'bom-difference.txt').text =
    "with quickphotos-bom only (${onlyWith.size()}):\n" + onlyWith.join('\n') +
    "\n\nwithout it only (${onlyWithout.size()}):\n" + onlyWithout.join('\n') + '\n'
def others = (onlyWith + onlyWithout).findAll { !ours(it) }
assert others.isEmpty() : "quickphotos-bom changed the application's own dependencies: ${others}"
// The same jar started for production with no AWS region exits at once with quickphotos' failure
// analysis, naming the property and the environment variable to set.
def jar = new File(basedir, 'target/boot4-app-1.0.0.jar')
assert jar.isFile() : "no jar: ${jar}"
def java = new File(System.getProperty('java.home'), 'bin/java').path
def process = new ProcessBuilder(java, '-jar', jar.path, '--server.port=0')
    .redirectErrorStream(true)
process.environment().keySet().removeAll { it.startsWith('AWS_') }
// The SDK's region chain ends at EC2's instance metadata, an address off this machine.
process.environment().put('AWS_EC2_METADATA_DISABLED', 'true')
def started = process.start()
def output = new StringBuilder()
def reader = Thread.start { started.inputStream.eachLine { output.append(it).append('\n') } }
if (!started.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
  started.destroyForcibly()
  assert false : "the jar did not exit within 120 s:\n${output}"
}
reader.join(5000)
new File(basedir, 'production-start.txt').text = output.toString()
assert started.exitValue() != 0 : "the jar started without a region:\n${output}"
assert output.contains('APPLICATION FAILED TO START') : output
assert output.contains('no AWS region is set') : output
assert output.contains('Set quickphotos.dynamodb.region') && output.contains('AWS_REGION') : output
return true
