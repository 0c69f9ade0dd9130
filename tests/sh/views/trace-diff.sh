#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# sttrace diff A B: two runs of tests/sh/views/trace-diff.c that differ in one opened file and one
# failing call give exactly those two changes (and the summary row of the call that failed,
# with -T its seconds),
# whatever their pids, addresses and times; --json says the same; a trace against itself is no
# difference (exit 0); with -f and -tt -T the same two; `sttrace diff PROG ARGS` where the
# files are not traces still traces diff(1).
set -u
. "$TOP/tests/lib.sh"
${CC:-cc} -O1 -Wall -o td "$TOP/tests/sh/views/trace-diff.c" || exit 1
fail=0
bad() { echo "FAIL: $*"; fail=1; }
mkdir -p a b
touch a/cfg

for opts in "" "-f -tt -T"; do
	(cd a && TD_FILE=/etc/passwd run_checked "$STTRACE" $opts -o ../A.log ../td) >/dev/null ||
		bad "run A ($opts)"
	(cd b && TD_FILE=/etc/group run_checked "$STTRACE" $opts -o ../B.log ../td) >/dev/null ||
		bad "run B ($opts)"
	"$STTRACE" diff A.log B.log >diff.out
	rc=$?
	echo "== sttrace $opts; diff: exit $rc"
	cat diff.out
	[ $rc = 1 ] || bad "$opts: exit status $rc, want 1"
	grep '^[-+][^-+]' diff.out | sed 's/^\([-+]\)[^a-z]*/\1/' >changes
	cat >want <<'W'
-openat(AT_FDCWD, "/etc/passwd", O_RDONLY) = 3
+openat(AT_FDCWD, "/etc/group", O_RDONLY) = 3
-access("cfg", R_OK) = 0
+access("cfg", R_OK) = -1 ENOENT (No such file or directory)
W
	diff want changes >/dev/null || bad "$opts: the changes: $(diff want changes)"
	[ "$(grep -c '^@@ ' diff.out)" -ge 1 ] || bad "$opts: no hunk header"
	awk '$1 == "access" && $2 == $3 && $5 == $4 + 1 { ok = 1 } END { exit !ok }' diff.out ||
		bad "$opts: no summary row for access with one more error in B"
	[ "$(grep -cE '^[a-z_0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ ' diff.out)" = 1 ] ||
		bad "$opts: summary rows other than access"

	case $opts in *-T*)
		awk '$1 == "access" && $6 + $7 > 0 { ok = 1 } END { exit !ok }' diff.out ||
			bad "$opts: no seconds in the summary" ;;
	esac
	"$STTRACE" diff --json A.log B.log >diff.json
	[ $? = 1 ] && [ "$(jq -s '[.[] | select(.type == "diff")] | length' diff.json)" = 4 ] &&
		[ "$(jq -s '[.[] | select(.type == "summary")] | .[0].name' diff.json)" = '"access"' ] ||
		bad "$opts --json: $(cat diff.json)"

	"$STTRACE" diff A.log A.log >same.out
	rc=$?
	[ $rc = 0 ] && ! grep -q '^[-+][^-+]' same.out || bad "$opts: A against itself: exit $rc"
done

# A size that happens to equal a pid of one run is not that pid: the same read in both runs
# (the child is 832 in B, 501 in A) is no difference, and the kill of each run's child is
# the same call.
cat >P.log <<'T'
[pid   500] read(3, "0123456789"..., 832) = 832
[pid   500] kill(501, SIGTERM) = 0
[pid   501] +++ killed by SIGTERM +++
T
cat >Q.log <<'T'
[pid   700] read(3, "0123456789"..., 832) = 832
[pid   700] kill(832, SIGTERM) = 0
[pid   832] +++ killed by SIGTERM +++
T
"$STTRACE" diff P.log Q.log >pq.out
rc=$?
[ $rc = 0 ] || bad "a size equal to a pid taken for that pid: exit $rc: $(cat pq.out)"

# Not traces: sttrace runs diff(1) on them, as strace would.
printf 'x\n' >f1
printf 'y\n' >f2
"$STTRACE" -o dlog diff f1 f2 >dout 2>&1
[ $? = 1 ] && grep -q '^< x' dout && grep -q 'execve(' dlog ||
	bad "sttrace diff f1 f2 did not trace diff(1): $(cat dout)"
exit $fail
