// quickphotos' starter sets no Boot version: without any BOM, with the starter declared first,
// Spring Boot's, Spring Framework's and Micrometer's artifacts are those Boot 3.5.7 brings.
def list = new File(basedir, 'dependency-list.txt').readLines()
    .collect { it.trim().replaceAll(/ -- module .*$/, '') }
    .findAll { it ==~ /[^:\s]+:[^:\s]+:.+:.+/ }
assert list.any { it.startsWith('io.quickphotos:quickphotos-spring-boot-starter:') } : list
def wrong = list.findAll {
  (it.startsWith('org.springframework.boot:') && !it.contains(':3.5.7')) ||
  (it.startsWith('org.springframework:') && !(it =~ /:6\.2\.\d+/)) ||
  (it.startsWith('io.micrometer:') && !(it =~ /:1\.(15|5)\.\d+/))
}
assert wrong.isEmpty() : "not Boot 3.5's versions: ${wrong}"
assert list.any { it.startsWith('org.springframework.boot:spring-boot-autoconfigure:jar:3.5.7') } : list
return true
