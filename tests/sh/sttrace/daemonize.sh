#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -D, -DD, -DDD (--daemonize=grandchild|pgroup|session): the program runs in the process we
# started, so its parent is us and its tracer another process (a grandchild of ours, reparented);
# with -DD the tracer leads a process group of its own, with -DDD a session of its own; the trace
# is complete once the tracer is gone.  strace does the same.  Bad counts and values are refused
# in strace's words.  Under --bpf too (as root with BTF; no TracerPid there, no ptrace): the
# program keeps our process, so its parent and its exit status (a signal's death too) are its
# own, and the trace is complete.
set -u
fail=0
bad() { echo "FAIL: $*"; fail=1; }
# Run by the traced shell: its parent, its tracer, the tracer's process group and session.
probe='p=$(awk "/^PPid/{print \$2}" /proc/$$/status); t=$(awk "/^TracerPid/{print \$2}" /proc/$$/status)
read -r _ _ _ _ g s _ </proc/$t/stat; echo $p $t $g $s'
read -r _ _ _ _ mypg mysid _ </proc/$$/stat

for tracer in "$STTRACE" strace; do
	[ "$tracer" = strace ] && ! command -v strace >/dev/null && continue
	for d in -D -DD -DDD --daemonize --daemonize=pgroup --daemonize=session; do
		rm -f log
		"$tracer" $d -o log -e trace=none sh -c "$probe" >out 2>err
		read -r ppid tpid tpg tsid <out
		[ "$ppid" = $$ ] || bad "$tracer $d: the program's parent is $ppid, not us ($$)"
		[ "${tpid:-0}" -gt 0 ] && [ "$tpid" != "$ppid" ] || bad "$tracer $d: tracer $tpid"
		case $d in
		-DD|*pgroup) [ "$tpg" = "$tpid" ] || bad "$tracer $d: the tracer leads no group" ;;
		-DDD|*session) [ "$tsid" = "$tpid" ] || bad "$tracer $d: the tracer leads no session" ;;
		*) [ "$tpg" = "$mypg" ] || bad "$tracer $d: the tracer left our group" ;;
		esac
		for i in $(seq 100); do kill -0 "$tpid" 2>/dev/null || break; sleep 0.05; done
		[ "$(tail -1 log)" = "+++ exited with 0 +++" ] || { bad "$tracer $d: log"; cat log; }
		echo "$tracer $d: parent $ppid, tracer $tpid (group $tpg, session $tsid)"
	done
done
if [ "$(id -u)" = 0 ] && [ -r /sys/kernel/btf/vmlinux ]; then
	for d in -D -DD -DDD; do
		rm -f log
		"$STTRACE" --bpf $d -o log -e trace=getppid,exit_group \
			sh -c 'awk "/^PPid/{print \$2}" /proc/$$/status; exec sh -c "exit 3"' >out 2>err
		rc=$?
		ppid=$(cat out)
		[ "$ppid" = $$ ] || bad "--bpf $d: the program's parent is '$ppid', not us ($$)"
		[ $rc = 3 ] || bad "--bpf $d: exit status $rc, not the program's 3"
		for i in $(seq 100); do [ "$(tail -1 log)" = "+++ exited with 3 +++" ] && break; sleep 0.05; done
		[ "$(tail -1 log)" = "+++ exited with 3 +++" ] && grep -q '^exit_group(3) ' log ||
			{ bad "--bpf $d: log"; cat log err; }
		"$STTRACE" --bpf $d -e trace=none sh -c 'kill -TERM $$' 2>/dev/null
		rc=$?
		[ $rc = 143 ] || bad "--bpf $d: SIGTERM's death is exit status $rc, not 143"
		echo "--bpf $d: parent $ppid, exit status 3, killed by SIGTERM: $rc"
	done
fi
for args in "-DDDD true" "-D -p 1" "--daemonize=daemon true" "-DDDD -p 1" "-D --daemonize -p 1" \
	"--daemonize=Pgrp -p 1" "--daemonize=SESSION -p 1"; do
	# shellcheck disable=SC2086
	"$STTRACE" $args 2>t.err; trc=$?
	if command -v strace >/dev/null; then
		# shellcheck disable=SC2086
		strace $args 2>s.err; src=$?
		[ $trc = $src ] && diff <(sed 's/strace/sttrace/g' s.err) <(sed "s|$STTRACE|sttrace|g" t.err) ||
			bad "$args: exit $trc (strace $src), or other words"
	fi
	echo "$args: $(head -1 t.err)"
done
exit $fail
