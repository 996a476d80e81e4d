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
return true
