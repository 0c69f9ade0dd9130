#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# sttrace --record=FILE and sttrace replay FILE, under ptrace, or under --bpf when the first
# argument is --bpf (the test is then record-replay@bpf): a program recorded once replays as a live
# run with the same options prints, four ways (text, -c, --json, --perfetto; times, pids and
# addresses blanked), and a recording of every call replayed with filters, -y, -P, -x as live
# runs with them; -k stacks (lines and folded) as live; sttrace diff of two recordings; a cut
# recording replays up to the cut with one warning; a file that is
# not a recording is refused with one line and exit 1; damaged recordings never crash the
# replay; and every self-describing trace test, recorded and replayed with its registry
# options, gives its expected lines.  Arguments: trace test names to limit the last part to.
set -u
. "$TOP/tests/lib.sh"
BE=--backend=ptrace
if [ "${1:-}" = --bpf ]; then
	BE=--bpf
	shift
	if [ "$(id -u)" != 0 ]; then echo "--bpf needs root (CAP_BPF and CAP_PERFMON)"; exit 77; fi
	[ -r /sys/kernel/btf/vmlinux ] || { echo "no kernel BTF (/sys/kernel/btf/vmlinux)"; exit 77; }
fi
fail=0
bad() { echo "FAIL: $*"; fail=1; }
prog="$TOP/$B/tests/trace/fileops"
opts=(-a0 -s16 -e trace=access,faccessat2,dup,dup2,dup3,pipe2,lseek,chdir,getcwd,mkdir,mkdirat,unlink,unlinkat,rename,renameat2,close)
# -c's table without its times: calls, errors, name.
untimed() { sed -E 's/^ *[0-9.]+ +[0-9.]+ +[0-9]+ +//; s/ +/ /g' "$1"; }
# Times of --json and --perfetto records blanked, then as any run.
untimed_json() {
	sed -E 's/"(time|duration|ts|dur)":[0-9.e+-]+/"\1":T/g' "$1" >"$1.u" && normalize_run "$1.u"
}

mkdir -p rec live
(cd rec && run_checked "$STTRACE" $BE --record=../r.rec "${opts[@]}" "$prog" >../rec.out) ||
	bad "record: exit status $?"
[ -s rec.out ] || bad "record: the program printed nothing"
n=0
for view in text -c --json --perfetto; do
	case $view in
	text) v=() ;;
	--perfetto) v=(--perfetto=OUT) ;;
	*) v=("$view") ;;
	esac
	# -c is compared with ptrace's table: --bpf -c alone counts in the kernel, where the
	# program's own calls before its exec count too (one close more).
	be=$BE
	[ "$view" = -c ] && v+=(-S name) && be=--backend=ptrace
	rm -rf live/* && (cd live && "$STTRACE" $be -o ../live.log "${v[@]/OUT/../live.pf}" \
		"${opts[@]}" "$prog" >/dev/null 2>&1) || bad "$view: live run"
	"$STTRACE" replay r.rec -o rep.log "${v[@]/OUT/rep.pf}" "${opts[@]}" 2>rep.err ||
		bad "$view: replay: exit status $? ($(head -1 rep.err))"
	[ "$view" = --perfetto ] && mv live.pf live.log && mv rep.pf rep.log
	if [ "$view" = -c ]; then
		untimed live.log >live.n; untimed rep.log >rep.n
	elif [ "$view" != text ]; then
		untimed_json live.log >live.n; untimed_json rep.log >rep.n
	else
		normalize_run live.log >live.n; normalize_run rep.log >rep.n
	fi
	[ -s rep.n ] || bad "$view: the replay printed nothing"
	diff -u live.n rep.n >view.diff || { bad "$view: replay differs from a live run:"; head -20 view.diff; }
	n=$((n + 1))
done
echo "one recording replayed $n ways ($(stat -c %s r.rec) bytes, $(grep -c . rec.out) lines expected)"

# Recorded with every call and -y (descriptors are captured only for -y or -P), replayed
# with filters, with and without -y, -P: as live runs with those options.
(cd rec && "$STTRACE" $BE -y --record=../all.rec "$prog" >/dev/null 2>&1) || bad "record all"
for o in "-e trace=close" "-y -e trace=close,dup,pipe2" "-Z" "-z -e trace=%file" "-P sub -y" \
	 "-e status=failed -e trace=access,chdir" "-x -e trace=mkdir"; do
	rm -rf live/* && (cd live && "$STTRACE" $BE -o ../live.log $o "$prog" >/dev/null 2>&1)
	"$STTRACE" replay all.rec -o rep.log $o 2>/dev/null || bad "replay $o: exit status $?"
	normalize_run live.log >live.n; normalize_run rep.log >rep.n
	[ -s rep.n ] && diff -u live.n rep.n >view.diff ||
		{ bad "replay $o differs from a live run:"; head -20 view.diff; }
done

# -k: recorded stacks unwound and symbolized at replay from the recorded maps (the process is
# gone), lines and folded stacks as live; cat, dynamically linked, opens through ld.so and libc.
cat=$(command -v cat)
(cd rec && "$STTRACE" $BE -k -e trace=openat --record=../k.rec "$cat" /etc/hostname >/dev/null) ||
	bad "record -k"
for o in "-k" "-k --stack-format=folded"; do
	rm -rf live/* && (cd live && "$STTRACE" $BE $o -e trace=openat -o ../live.log "$cat" \
		/etc/hostname >/dev/null 2>&1)
	"$STTRACE" replay k.rec $o -e trace=openat -o rep.log 2>/dev/null || bad "replay $o: exit $?"
	normalize_run live.log >live.n; normalize_run rep.log >rep.n
	grep -q 'libc.so.6(\|;__libc_start_main;' rep.n || bad "replay $o: no libc frame"
	diff -u live.n rep.n >view.diff || { bad "replay $o differs from a live run:"; head -20 view.diff; }
done

# The program's own expected lines (it prints them) from the replay without -o.
"$STTRACE" replay r.rec -o full.log "${opts[@]}" 2>/dev/null
diff -u rec.out full.log >/dev/null || bad "the replay is not the program's expected lines"

# Cut in the middle of a record: replays up to there, one warning.
size=$(stat -c %s r.rec)
head -c $((size / 2 + 3)) r.rec >cut.rec
"$STTRACE" replay cut.rec -o cut.log "${opts[@]}" 2>cut.err
[ "$(grep -c 'truncated after [0-9]* records$' cut.err)" = 1 ] && [ "$(grep -c . cut.err)" = 1 ] ||
	bad "cut: want one warning, got: $(cat cut.err)"
grep -q "^$STTRACE: cut.rec: truncated after [0-9]* records$" cut.err || bad "cut: $(cat cut.err)"
# The cut log is the full one's first lines; a call cut before its exit ends " = ?" as one
# that never returned.
lines=$(grep -c . cut.log)
[ "$lines" -gt 0 ] && head -n $((lines - 1)) full.log | diff - <(head -n $((lines - 1)) cut.log) >/dev/null ||
	bad "cut: not the full replay's first $lines lines"
last=$(tail -n1 cut.log) fline=$(sed -n "${lines}p" full.log)
base=$(sed -E 's/( <unfinished \.\.\.>)?\)? += \?$//' <<<"$last")
[ "$last" = "$fline" ] || { [ "$base" != "$last" ] && [ "${fline#"$base"}" != "$fline" ]; } ||
	bad "cut: last line '$last', not '$fline' or its start ending ' = ?'"

# Not a recording, or another version of the format: one line, exit 1.
echo garbage >garbage.rec
{ printf 'STTRACE-REC\0'; printf '\x63\0\0\0\0\0\0\0'; } >version.rec
: >empty.rec
for f in garbage.rec version.rec empty.rec; do
	"$STTRACE" replay $f >out.txt 2>err.txt
	rc=$?
	[ $rc = 1 ] && [ "$(cat err.txt)" = "$STTRACE: $f: not an sttrace recording" ] &&
		[ ! -s out.txt ] || bad "$f: exit $rc, said: $(cat err.txt)"
done

# A recorder interrupted (SIGINT) while the program sleeps: the call left "<detached ...>",
# "Process N detached", exit status 130, as the live run.
"$STTRACE" $BE --record=int.rec -e trace=clock_nanosleep sleep 5 2>/dev/null &
pid=$!
sleep 1.5
kill -INT $pid
wait $pid
rc=$?
[ $rc = 130 ] || bad "interrupted recorder: exit status $rc, want 130"
"$STTRACE" replay int.rec -e trace=clock_nanosleep -o int.log 2>int.err
rc=$?
[ $rc = 130 ] || bad "replay of an interrupted recording: exit status $rc, want 130"
grep -q '^clock_nanosleep(.* <detached \.\.\.>$' int.log || bad "interrupted: $(cat int.log)"
grep -q 'Process [0-9]* detached$' int.err || bad "interrupted: no detach message: $(cat int.err)"

# Refused: a file that cannot be written; nothing runs.
for a in "$BE --record=nodir/r.rec"; do
	"$STTRACE" $a touch ran >/dev/null 2>err.txt
	rc=$?
	[ $rc = 1 ] && [ ! -e ran ] && grep -q "^$STTRACE: --record" err.txt ||
		bad "$a: exit $rc, $(head -1 err.txt)"
done

# Damaged recordings: bytes overwritten anywhere; the replay may warn, never crash.
for i in $(seq 1 40); do
	cp r.rec dmg.rec
	off=$(( (i * 7919 * 13) % size ))
	head -c $((1 + i * 37 % 200)) /dev/urandom | dd of=dmg.rec bs=1 seek=$off conv=notrunc 2>/dev/null
	# Killed by a signal (a crash) or hung, told apart from an exit status 128 + N that the
	# damaged records may well ask for.
	python3 -c 'import subprocess, sys
try:
    r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=20).returncode
except subprocess.TimeoutExpired:
    r = "a hang"
sys.exit(0 if isinstance(r, int) and r >= 0 else "%s" % r)' \
		"$STTRACE" replay dmg.rec -f -y -v "${opts[@]}" 2>dmg.err ||
		bad "damaged at $off: $(cat dmg.err)"
done

# sttrace diff on two recordings (issue 18's acceptance, as trace-diff.sh does for text): runs
# that differ in one opened file and one failing call give exactly those two changes.
${CC:-cc} -O1 -Wall -o td "$TOP/tests/sh/views/trace-diff.c" || bad "cannot build trace-diff.c"
mkdir -p tda tdb && touch tda/cfg
(cd tda && TD_FILE=/etc/passwd "$STTRACE" $BE --record=../A.rec ../td >/dev/null) || bad "record A"
(cd tdb && TD_FILE=/etc/group "$STTRACE" $BE --record=../B.rec ../td >/dev/null) || bad "record B"
"$STTRACE" diff A.rec B.rec >diff.out
rc=$?
grep '^[-+][^-+]' diff.out | sed 's/^\([-+]\)[^a-z]*/\1/' >changes
cat >want <<'W'
-openat(AT_FDCWD, "/etc/passwd", O_RDONLY) = 3
+openat(AT_FDCWD, "/etc/group", O_RDONLY) = 3
-access("cfg", R_OK) = 0
+access("cfg", R_OK) = -1 ENOENT (No such file or directory)
W
[ $rc = 1 ] && diff want changes >/dev/null || bad "diff A.rec B.rec: exit $rc, changes: $(cat changes)"
"$STTRACE" diff A.rec A.rec >/dev/null || bad "diff A.rec A.rec: exit $?, want 0"
[ "$("$STTRACE" diff --json A.rec B.rec | grep -c '"type":"diff"')" = 4 ] || bad "diff --json"

# Every self-describing trace test (or those named): recorded, replayed, its expected lines.
sel=" $* "
t=0
while read -r kind name rest; do
	[ "$kind" = trace ] || continue
	[ "$sel" = "  " ] || case $sel in *" $name "*) ;; *) continue ;; esac
	case " $rest " in
	*" -p "*|*" -ff "*) continue ;;
	esac
	trace_args "$name" "$rest"
	i=0 p="$TOP/$B/tests/trace/$name"
	while [ "${args[i]}" != "$p" ]; do i=$((i + 1)); done
	d="t/$name"
	mkdir -p "$d"
	(cd "$d" && timeout 60 "$STTRACE" $BE --record=rec "${args[@]}" >expected 2>stderr)
	rc=$?
	[ $rc = 77 ] && { echo "NOTE: skipped $name: $(tail -n1 "$d/stderr")"; continue; }
	t=$((t + 1))
	timeout 60 "$STTRACE" replay "$d/rec" -o "$d/log" "${args[@]:0:i}" 2>"$d/rstderr" ||
		[ $? = $rc ] || { bad "$name: replay exit status $? (live $rc)"; continue; }
	diff -u "$d/expected" "$d/log" >"$d/diff" || { bad "$name: replayed:"; head -12 "$d/diff"; }
done <"$TOP/tests/registry"
echo "$t trace tests recorded and replayed"
exit $fail
