# SPDX-License-Identifier: LGPL-2.1-or-later
# Embed ltrace.conf-syntax files as C strings: one { "name", "text" } entry per file, in
# lt_builtin_protos[], NULL-terminated.  Usage: awk -f embed.awk FILE...
BEGIN {
	print "/* generated from proto/protos/NAME.conf by embed.awk */"
	print "#include <stddef.h>"
	print "struct lt_builtin_file { const char *name; const char *text; };"
	print "const struct lt_builtin_file lt_builtin_protos[] = {"
	open = 0
}
FNR == 1 {
	if (open)
		print "\t},"
	n = FILENAME
	sub(/.*\//, "", n)
	printf "\t{ \"%s\",\n", n
	open = 1
}
{
	gsub(/\\/, "\\\\")
	gsub(/"/, "\\\"")
	printf "\t  \"%s\\n\"\n", $0
}
END {
	if (open)
		print "\t},"
	print "\t{ NULL, NULL },"
	print "};"
}
