# Prints one method of a Java file: from the line declaring it (the return type on the same line as
# `NAME(`) to the brace that closes its body. Usage: awk -v name=createBufferPoolFactory -f extract-method.awk File.java
!started && $0 ~ ("(SupplierWithException|FunctionWithException)<.*> " name "\\(") { started = 1 }
started {
  print
  line = $0
  gsub(/\/\/.*$/, "", line)
  opens = gsub(/\{/, "{", line); closes = gsub(/\}/, "}", line)
  depth += opens - closes; if (opens > 0) seen = 1
  if (seen && depth == 0) exit
}
