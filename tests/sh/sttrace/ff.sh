#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -ff -o FILE: one file per process, FILE.PID, with that process's lines and no pid prefix.
# The engine-fork and engine-threads programs print their expected lines prefixed by pid (as
# -f -o writes them); split by pid, they are what each FILE.PID must hold, for sttrace and for
# strace alike.
set -u
fail=0
for t in engine-fork engine-threads; do
	for tool in "$STTRACE" strace; do
		name=$(basename "$tool")
		rm -rf "$t-$name" && mkdir "$t-$name" && cd "$t-$name" || exit 1
		"$tool" -a0 -ff -o log -e trace=getppid -e signal=none "$TOP/$B/tests/trace/$t" >expected 2>/dev/null
		# expected: "PID   text" -> want.PID: "text"
		awk '{ pid = $1; sub(/^[0-9]+ +/, ""); print > ("want." pid) }' expected
		for w in want.*; do
			pid=${w#want.}
			if ! diff -u "$w" "log.$pid" >"diff.$pid"; then
				echo "FAIL: $name -ff, $t, pid $pid:"; cat "diff.$pid"; fail=1
			fi
		done
		nwant=$(ls want.* | wc -l) nlog=$(ls log.* | wc -l)
		[ "$nwant" = "$nlog" ] || { echo "FAIL: $name $t: $nlog files, want $nwant"; fail=1; }
		echo "$name -ff $t: $nlog files checked"
		cd ..
	done
done
exit $fail
