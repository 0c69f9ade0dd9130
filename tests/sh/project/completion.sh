#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The bash completion (completion/sttrace): sourced, it completes sttrace and lttrace.  Each
# check below types a line (| marks the cursor), calls the function `complete -p` names as bash
# would, and states what must (or must not) be offered.  The names come from the binaries
# (--list=) and from `sdt list`, so the test also checks them against --help and the probes of
# a program it builds.
set -u
export PATH="$TOP/$B/bin:$PATH"
fail=0 n=0
bad() { echo "FAIL: $*"; fail=1; }

# shellcheck source=../../completion/sttrace
. "$TOP/completion/sttrace"
for t in sttrace lttrace; do
	complete -p $t >/dev/null 2>&1 || bad "complete -p $t: not set after sourcing"
done

# comp LINE: COMPREPLY for LINE with the cursor at '|' (else at the end), in $reply, one a line.
comp() {
	local line=$1 before f
	[[ $line == *'|'* ]] || line+='|'
	before=${line%%|*}
	COMP_LINE=${line/|/} COMP_POINT=${#before}
	read -r -a COMP_WORDS <<<"$before"
	[[ $before == *' ' ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	f=$(complete -p "${COMP_WORDS[0]##*/}" 2>/dev/null | sed -n 's/.*-F \([^ ]*\) .*/\1/p')
	COMPREPLY=()
	[ -n "$f" ] && "$f" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" \
		"${COMP_WORDS[COMP_CWORD - 1]}"
	reply=$(printf '%s\n' "${COMPREPLY[@]}")
}
# offers LINE WORD...: each WORD is among the completions of LINE.
offers() {
	local line=$1 w
	shift
	comp "$line"
	for w in "$@"; do
		n=$((n + 1))
		grep -qxF -- "$w" <<<"$reply" || bad "[$line] does not offer '$w'; offers: $(echo $reply)"
	done
}
# offers_not LINE WORD...: none of them is offered.
offers_not() {
	local line=$1 w
	shift
	comp "$line"
	for w in "$@"; do
		n=$((n + 1))
		grep -qxF -- "$w" <<<"$reply" && bad "[$line] offers '$w'"
	done
}
# offers_only LINE WORD...: exactly these (any order).
offers_only() {
	local line=$1
	shift
	comp "$line"
	n=$((n + 1))
	[ "$(LC_ALL=C sort <<<"$reply")" = "$(printf '%s\n' "$@" | LC_ALL=C sort)" ] ||
		bad "[$line] offers: $(echo $reply); want: $*"
}

# Syscall names, classes, sets: bash replaces the text after the last '=' (or ':').
offers 'sttrace -e trace=ope' open openat openat2
offers_not 'sttrace -e trace=ope' read close trace=open
comp 'sttrace -e trace=ope'
grep -qv '^ope' <<<"$reply" && bad "[sttrace -e trace=ope] offers words not starting ope: $(echo $reply)"
offers 'sttrace -e trace=open,ope' open,openat open,openat2
offers 'sttrace -e trace=!%ne' '!%net' '!%network'
offers 'sttrace -etrace=%fs' '%fstat' '%fstatfs'
offers 'sttrace --trace=clone' clone clone3
offers 'sttrace -e trace=' all none '%file' '%%stat' read write
offers 'sttrace -e raw=ope' openat
offers_only 'sttrace -e status=f' failed
offers 'sttrace -e ' trace= signal= status= usdt= uprobe=
offers 'sttrace -e signal=SIGCH' SIGCHLD
# every syscall the table knows is offered: the same count as --list=syscalls, plus all/none
# and the classes.
comp 'sttrace -e trace='
want=$(( $(sttrace --list=syscalls | wc -l) + $(sttrace --list=classes | wc -l) + 2 ))
n=$((n + 1))
[ "$(wc -l <<<"$reply")" = "$want" ] || bad "trace= offers $(wc -l <<<"$reply") names, want $want"

# Options: every one --help names is offered, and the hidden --list is not.
for t in sttrace lttrace; do
	comp "$t -"
	for o in $("$t" --help | grep -oE -- '--[a-z][a-z0-9-]+' | sort -u); do
		n=$((n + 1))
		grep -qE -- "^$o=?\$" <<<"$reply" || bad "[$t -] does not offer $o (in --help)"
	done
	offers_not "$t --li" --list= --list
done
offers 'sttrace --js' --json
offers_only 'sttrace --outp' --output= --output-separately --output-append-mode
offers 'sttrace -' -f -e -p -o
offers 'lttrace --b' --bpf
offers_only 'sttrace -S ' time calls errors name nothing
offers_only 'sttrace -X v' verbose

# -p: pids, including one we started; never a non-numeric /proc entry.
sleep 30 &
sleeper=$!
offers "sttrace -p ${sleeper:0:2}" "$sleeper"
offers "lttrace -p " "$sleeper"
offers "sttrace --attach " "$sleeper"
offers_not "sttrace -p " self thread-self
comp "sttrace -p "
grep -qv '^[0-9]*$' <<<"$reply" && bad "[sttrace -p ] offers non-pids"

# -e usdt=: the probes of the program named on the line, wherever the cursor is.
cat >probes.c <<'C'
#include <unistd.h>
#include "sdt.h"
int main(int argc, char **argv)
{
	DTRACE_PROBE1(myapp, req_start, argc);
	DTRACE_PROBE1(myapp, req_done, argc);
	STAP_PROBE(other, tick);
	if (argc > 1)
		sleep(30);
	return 0;
}
C
${CC:-cc} -O1 -I"$TOP/sdt" -o probes probes.c || bad "cannot build probes.c"
offers_only 'sttrace -e usdt=| ./probes' myapp:req_start myapp:req_done other:tick
offers_only 'sttrace -f -o log -e usdt=myapp:req_| -s 64 ./probes x' req_start req_done
offers_only "sttrace -e 'usdt=myapp:req_s| ./probes" "usdt=myapp:req_start"
offers_only 'sttrace -e usdt=o| -- ./probes' other:tick
./probes wait &
prog=$!
sleep 0.2
offers_only "sttrace -p $prog -e usdt=my" myapp:req_start myapp:req_done
kill "$sleeper" "$prog" 2>/dev/null
wait 2>/dev/null

# After the program: its own arguments (files), not sttrace's options.
offers_not 'sttrace ./probes --js' --json
offers 'sttrace -o ./pro' ./probes ./probes.c
offers 'sttrace -f ./pro' ./probes

# --record=FILE, and sttrace replay FILE [options]: a file, then sttrace's options.
offers_only 'sttrace --bpf --record=./probes.' ./probes.c
offers 'sttrace --rec' --record=
offers 'sttrace rep' replay
offers_only 'sttrace replay ./probes.' ./probes.c
offers 'sttrace replay ./probes.c --js' --json
offers_only 'sttrace replay ./probes.c -S na' name
offers 'lttrace rep' replay
offers_only 'lttrace replay ./probes.' ./probes.c
offers 'lttrace replay ./probes.c --js' --json

echo "$n checks"
exit $fail
