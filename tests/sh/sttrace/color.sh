#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# --color=auto|always|never (strace 7.0's) with NO_COLOR and STRACE_COLORS, as strace 7.2:
# always colours (strace's palette: the call's name yellow, ESC[33m, an error's name red,
# ESC[31m, a line ends with ESC[0m), whatever NO_COLOR says; STRACE_COLORS changes a colour
# (keys in any case, spaces around them, a bad value or key skipped); auto colours a terminal
# (script(1) gives one) unless NO_COLOR is set or $TERM has no colours (dumb), and never a
# file; never never.  Coloured, the text and -a's column are the plain ones: the escapes do
# not count.  A bad --color is refused in strace's words.  Arguments (--bpf) go to every run.
set -u
exec </dev/null # script(1) reads its standard input
extra=("$@")
fail=0
bad() { echo "FAIL: $*"; fail=1; }
esc=$'\033'
unset NO_COLOR STRACE_COLORS
export TERM=linux
run() { # the trace goes to a file (-o): cat's own message is not in it
	rm -f trace.out
	"$STTRACE" "${extra[@]}" -a30 -e trace=openat,exit_group -o trace.out "$@" \
		cat /nonexistent-color-test >/dev/null 2>&1
	grep -E 'nonexistent|exit_group' trace.out
}
plain=$(run --color=never)
grep -q '^openat(AT_FDCWD, "/nonexistent-color-test", O_RDONLY) = -1 ENOENT' <<<"$plain" ||
	bad "no plain openat line: $plain"
grep -q "$esc" <<<"$plain" && bad "--color=never coloured"

col=$(run --color=always)
grep -q "^${esc}\[33mopenat${esc}\[0m(" <<<"$col" || bad "--color=always: no yellow name: $col"
grep -q "${esc}\[31mENOENT${esc}\[0m" <<<"$col" || bad "--color=always: no red ENOENT"
grep -q "${esc}\[0m\$" <<<"$col" || bad "--color=always: a line does not end with a reset"
[ "$(sed "s/${esc}\[[0-9;]*m//g" <<<"$col")" = "$plain" ] ||
	bad "coloured text (escapes removed) differs from the plain text (-a30 counts escapes?)"
[ "$(NO_COLOR=1 run --color=always)" = "$col" ] || bad "NO_COLOR changed --color=always"

col=$(STRACE_COLORS=' SyScAlL = 1;31 : nokey=1 : error=x' run --color=always)
grep -q "^${esc}\[1;31mopenat" <<<"$col" || bad "STRACE_COLORS syscall=1;31 not used: $col"
grep -q "${esc}\[31mENOENT" <<<"$col" || bad "STRACE_COLORS' bad error=x not skipped"

# auto: a file is not coloured; a terminal is, unless NO_COLOR or TERM=dumb.
auto=$(run)
grep -q "$esc" <<<"$auto" && bad "--color=auto (the default) coloured a file"
if command -v script >/dev/null && script -q -e -c true /dev/null >/dev/null 2>&1; then
	cmd="$STTRACE ${extra[*]} -e trace=exit_group"
	tty=$(script -q -e -c "$cmd true" /dev/null 2>&1)
	grep -q "${esc}\[33mexit_group" <<<"$tty" || bad "--color=auto: a terminal not coloured: $tty"
	tty=$(NO_COLOR=1 script -q -e -c "$cmd true" /dev/null 2>&1)
	grep -q "$esc\[" <<<"$tty" && bad "--color=auto coloured with NO_COLOR set"
	tty=$(TERM=dumb script -q -e -c "$cmd true" /dev/null 2>&1)
	grep -q "$esc\[" <<<"$tty" && bad "--color=auto coloured a TERM=dumb terminal"
	tty=$(script -q -e -c "$cmd --color=never true" /dev/null 2>&1)
	grep -q "$esc\[" <<<"$tty" && bad "--color=never coloured a terminal"
fi

msg=$("$STTRACE" "${extra[@]}" --color=sometimes true 2>&1)
grep -q "invalid --color argument: 'sometimes'" <<<"$msg" || bad "--color=sometimes: $msg"
exit $fail
