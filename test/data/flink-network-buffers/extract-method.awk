# Prints one method of a Java file: from the line declaring it (matching the regex `start`, e.g. the
# return type and `NAME(` on one line) to the brace that closes its body.
# Usage: awk -v start='SupplierWithException<.*> createBufferPoolFactory[(]' -f extract-method.awk File.java
!started && $0 ~ start { started = 1 }
started {
  print
  line = $0
  gsub(/\/\/.*$/, "", line)
  opens = gsub(/\{/, "{", line); closes = gsub(/\}/, "}", line)
  depth += opens - closes; if (opens > 0) seen = 1
  if (seen && depth == 0) exit
}
