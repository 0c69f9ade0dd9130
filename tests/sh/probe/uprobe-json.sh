#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# --json records of -e uprobe=/uretprobe= decoded by prototypes, in both backends: a uprobe's
# "args" are the prototype's values (malloc's size a number, a string a JSON string, an array
# an array), a function without prototype keeps its six registers as hex strings, a
# uretprobe's "ret" is the text of its value (malloc's pointer, the one the program printed).
# The traced program's own output and exit status must be the untraced run's (its pointers
# aside: they differ from run to run).
set -u
command -v jq >/dev/null || { echo "jq is not installed (make deps installs it)"; exit 1; }
prog="$TOP/$B/tests/trace/uprobe-proto"
"$prog" >untraced.out 2>&1
urc=$?
backends="ptrace"
if [ "$(id -u)" = 0 ] && [ -r /sys/kernel/btf/vmlinux ]; then backends="ptrace bpf"
else echo "--bpf not run: it needs root and kernel BTF"; fi
fail=0
for be in $backends; do
	opt=(); [ "$be" = bpf ] && opt=(--bpf)
	"$STTRACE" "${opt[@]}" --json -o "$be.json" -e trace=none \
		--prototypes="$TOP/tests/trace/probe/uprobe-proto.conf" -e uprobe=malloc@libc.so.6 \
		-e uretprobe=malloc@libc.so.6 -e uprobe=scale -e uprobe=raw6 -e uprobe=conf_arr \
		-e uretprobe=name_of "$prog" >"$be.out" 2>"$be.err"
	rc=$?
	[ $rc = $urc ] || { echo "FAIL: $be: exit status $rc, untraced $urc"; cat "$be.err"; fail=1; }
	cmp -s <(sed 's/0x[0-9a-f]*/ADDR/g' untraced.out) <(sed 's/0x[0-9a-f]*/ADDR/g' "$be.out") ||
		{ echo "FAIL: $be: the program's output differs from the untraced run's"; fail=1; }
	jq -c . "$be.json" >/dev/null || { echo "FAIL: $be: a line is not JSON"; fail=1; continue; }
	ptr=$(sed -n 's/^--- uretprobe:malloc = \(0x[0-9a-f]*\) ---$/\1/p' "$be.out")
	# "TYPE PROBE FIELD" as jq prints it, one a record, against what each must be.
	jq -r 'select(.type == "uprobe" or .type == "uretprobe") |
	       "\(.type) \(.probe) \(if .type == "uprobe" then .args else .ret end | tojson)"' \
		"$be.json" >got
	cat >want <<W
uprobe malloc [100]
uretprobe malloc "$ptr"
uprobe scale [3,"tag"]
uprobe raw6 ["0x1","0x2","0x3","0x4","0x5","0x10"]
uprobe conf_arr [[1,2,3]]
uretprobe name_of "\"seven\""
W
	if diff -u want got >"$be.diff"; then echo "$be: $(wc -l <got) probe records as wanted"
	else echo "FAIL: $be: records"; cat "$be.diff"; fail=1; fi
done
exit $fail
