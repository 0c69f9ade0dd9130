#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# --json against the text: every self-describing trace test runs again with --json added.  Each
# line must parse (jq), and the records must carry what the program says the text must be (its
# expected output, from the same run): per process, the same syscalls in the same order with
# the same result text, the same signals and the same exits.
# Tests with a summary (-c/-C) or stack traces (-k) are left out, and -e read=/write= dump
# lines skipped: JSON does not repeat those.  Arguments (--bpf) go to every sttrace run.
# TRACE_TESTS="a b" compares only those trace tests.
set -u
extra=("$@")
. "$TOP/tests/lib.sh"
command -v jq >/dev/null || { echo "jq is not installed (make deps installs it)"; exit 1; }
fail=0 n=0
# "PID KIND DETAIL" lines from the text log: syscall name + result, signal name, exit status.
from_text() {
	awk -v multi="$1" '
	{
		pid = "-"; line = $0
		# -o -f: "PID " or, with -Y, "PID<comm> " (in comm, "<" and ">" are escaped)
		if (multi) {
			match(line, /^[0-9]+/); pid = substr(line, 1, RLENGTH)
			sub(/^[0-9]+(<[^>]*>)? +/, "", line)
		}
		sub(/^\[ *[0-9]+\] /, "", line)      # -n: the syscall number
		sub(/^\[[0-9a-f?]+\] /, "", line)    # -i: the instruction pointer
		if (line ~ /^ [|*] /) next   # -e read=/write= dumps: not repeated in JSON
		if (line ~ /^--- stopped by /) { split(line, w, " "); print pid, "stopped", w[4]; next }
		if (line ~ /^--- u(sdt|probe|retprobe):/) {   # return values vary run to run (ASLR)
			name = substr(line, 5); sub(/\(.*/, "", name); sub(/ = .*/, "", name)
			print pid, "probe", name; next
		}
		if (line ~ /^--- SIG/) { split(line, w, " "); print pid, "signal", w[2]; next }
		if (line ~ /^\+\+\+ exited with /) { split(line, w, " "); print pid, "exited", w[4]; next }
		if (line ~ /^\+\+\+ killed by /) { split(line, w, " "); print pid, "killed", w[4]; next }
		if (line ~ /^\+\+\+ superseded/) { print pid, "superseded"; next }
		if (line ~ / <detached \.\.\.>$/) next   # a call never finished: no record (-b)
		if (line ~ / <unfinished \.\.\.>$/ || line ~ / <pid changed to [0-9]+ \.\.\.>$/) {
			name = line; sub(/\(.*/, "", name); pending[pid] = name; next
		}
		if (line ~ /^<\.\.\. [a-z0-9_]+ resumed>/) {
			name = line; sub(/^<\.\.\. /, "", name); sub(/ resumed>.*/, "", name)
		} else {
			name = line; sub(/\(.*/, "", name)
		}
		i = 0; p = 0
		while ((p = index(substr(line, i + 1), ") = ")) > 0) i += p
		if (!i) { print pid, "syscall", name, "?unparsed"; next }
		ret = substr(line, i + 4); sub(/ <[0-9]+\.[0-9]+>$/, "", ret)
		print pid, "syscall", name, ret
	}'
}
from_json() {
	jq -r --argjson multi "$1" '
		(if $multi == 1 then (.pid | tostring) else "-" end) as $p |
		if .type == "syscall" then "\($p) syscall \(.name) \(.return // "?")"
		elif .type == "usdt" or .type == "uprobe" or .type == "uretprobe" then "\($p) probe \(.type):\(.probe)"
		elif .type == "signal" then "\($p) signal \(.signal)"
		elif .type == "stopped" then "\($p) stopped \(.signal)"
		elif .type == "exited" then "\($p) exited \(.status)"
		elif .type == "killed" then "\($p) killed \(.signal)"
		elif .type == "superseded" then "\($p) superseded"
		else "\($p) unknown \(.type)" end'
}
while read -r kind name rest; do
	[ "$kind" = trace ] || continue
	[ -z "${TRACE_TESTS:-}" ] || case " $TRACE_TESTS " in *" $name "*) ;; *) continue ;; esac
	case " $rest " in *" -c "*|*" -C "*|*" -k "*|*" -kk "*) continue ;; esac
	trace_args "$name" "$rest"
	multi=0; case " $rest " in *" -f "*|*" -ff "*|*" --always-show-pid "*) multi=1 ;; esac
	n=$((n + 1))
	run_checked "$STTRACE" "${extra[@]}" --json -o "$name.json" "${args[@]}" >"$name.txt" 2>"$name.err"
	if [ $? = 77 ]; then # the program cannot run here (no /dev/kvm, ...); run.sh skips it too
		echo "NOTE: skipped $name: $(tail -n1 "$name.err")"; n=$((n - 1)); continue
	fi
	if ! jq -e . "$name.json" >/dev/null 2>"$name.jqerr"; then
		echo "FAIL: $name: invalid JSON: $(head -1 "$name.jqerr")"; fail=1; continue
	fi
	# Different processes interleave differently from run to run: compare per process.
	from_text $multi <"$name.txt" | sort -s -k1,1 >"$name.t"
	from_json $multi <"$name.json" | sort -s -k1,1 >"$name.j"
	if ! diff -u "$name.t" "$name.j" >"$name.diff"; then
		echo "FAIL: $name: JSON differs from the text:"; sed -n '1,12p' "$name.diff"; fail=1
	fi
done <"$TOP/tests/registry"
echo "$n trace tests compared as JSON"
[ $n -gt 0 ] && exit $fail
