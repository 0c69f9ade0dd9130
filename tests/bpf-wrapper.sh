#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#	bpf-wrapper.sh OUT TRACER	build OUT, a program that runs `TRACER --bpf ARGS...`
#
# For the upstream suites (make check-strace, make check-ltrace), which run their tracer as one
# word.  argv[0] stays the wrapper's path, as for a tracer run by its path (and is that path when
# it was run without one: argc 0, or the "" Linux puts there then).  A C program, not a
# bash script: bash unblocks SIGCHLD, and the tracee must inherit the mask it was given.
set -u
out=${1:?OUT} tracer=${2:?TRACER}
esc=${tracer//\\/\\\\}
esc=${esc//\"/\\\"}
mkdir -p "$(dirname "$out")" || exit 1
printf '%s\n' '#include <unistd.h>' \
	'int main(int argc, char **argv)' '{' \
	'	char *v[argc + 3], self[4096];' \
	'	int k = 2;' \
	'	ssize_t n = argc && argv[0] && *argv[0] ? 0 :' \
	'		readlink("/proc/self/exe", self, sizeof(self) - 1);' \
	'	if (n > 0)' '		self[n] = 0;' \
	'	v[0] = n > 0 ? self : argv[0];' '	v[1] = "--bpf";' \
	'	for (int i = 1; i < argc; i++)' '		v[k++] = argv[i];' '	v[k] = 0;' \
	"	execv(\"$esc\", v);" '	return 127;' '}' >"$out.c" || exit 1
${CC:-cc} -O2 -o "$out" "$out.c"
