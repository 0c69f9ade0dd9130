#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Probe specs that cannot be honoured: an object that is not ELF, a file that does not exist,
# no such probe or function in a named object, a data symbol, and a USDT site that is not the
# probe's nop (a copy of the usdt test program whose note points one byte past it, i.e. not at
# the instruction the probe owns), uprobe=SYM+OFF that is no safe site, a nop5 USDT site.  A spec naming one file is checked before the program runs:
# one `sttrace: ...` line (then the usual -h hint) and exit status 1, the program not run.
# The damaged program traced with a spec that names no file: the site is refused at run time
# with one line, the program runs to its end untouched.
set -u
fail=0
prog="$TOP/$B/tests/trace/usdt"
libc=$(ldd "$prog" | awk '$1 ~ /^libc\.so/ {print $3}')

# A copy of the usdt test program whose test:plain probe points one byte past its nop.
cp "$prog" damaged
python3 - damaged <<'PY' || { echo "FAIL: cannot patch the note"; exit 1; }
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
i = b.find(b"test\0plain\0")
assert i > 24
pc, = struct.unpack_from("<Q", b, i - 24)
struct.pack_into("<Q", b, i - 24, pc + 1)
open(sys.argv[1], "wb").write(b)
PY

check() { # WANT-REGEX ARGS...: exit 1 and a first line matching
	local want=$1; shift
	"$STTRACE" -o /dev/null "$@" echo ran >stdout.txt 2>err
	local rc=$?
	echo "$* -> exit $rc: $(head -1 err)"
	[ $rc = 1 ] || { echo "FAIL: exit status $rc, want 1"; fail=1; }
	# The line begins with the name sttrace was run by: its path here (a wrapper's, --bpf).
	grep -Eq "^sttrace: $want" <(head -1 err | sed -E 's|^[^ :]*sttrace: |sttrace: |') ||
		{ echo "FAIL: want '$want'"; fail=1; }
	[ -s stdout.txt ] && { echo "FAIL: the program ran"; fail=1; }
}
check 'usdt: /etc/hostname is not an ELF object' -e usdt=p:n@/etc/hostname
check 'uretprobe: /etc/hostname is not an ELF object' -e uretprobe=f@/etc/hostname
check 'usdt: /nonexistent: No such file or directory' -e usdt=p:n@/nonexistent
check "usdt: no probe nope:x in $prog" -e "usdt=nope:x@$prog"
check "uprobe: no function no_such_fn in $libc" -e "uprobe=no_such_fn@$libc"
check "uprobe: no function environ in $libc" -e "uprobe=environ@$libc"
check "usdt:test:plain: the site 0x[0-9a-f]+ in $PWD/damaged is not the probe's nop .*instruction boundary" \
	-e "usdt=test:plain@$PWD/damaged"
# uprobe=SYM+OFF: an offset only for a uprobe; never on a 5-byte nop inside a function, never
# inside an instruction (tests/trace/probe/uprobe-redzone.c's functions); a nop5 USDT site either.
rz="$TOP/$B/tests/trace/uprobe-redzone"
check 'uretprobe=f\+4: a return probe is a function.s, at no offset' -e uretprobe=f+4
check 'uprobe=f\+x: not SYMBOL\+OFFSET' -e uprobe=f+x
check "uprobe=rz_leaf\+0x5@$rz: a 5-byte nop inside a function" -e "uprobe=rz_leaf+5@$rz"
check "uprobe=rz_leaf\+0x3@$rz: not on an instruction boundary" -e "uprobe=rz_leaf+3@$rz"
check "usdt=rz:nop5: the site 0x[0-9a-f]+ in $rz is a 5-byte nop inside a function" \
	-e "usdt=rz:nop5@$rz"

# At run time (the spec names no file): refused with one line, the program unharmed.
"$STTRACE" -o log -a0 -e trace=none -e usdt=test:plain ./damaged >expected 2>err
rc=$?
echo "run time: exit $rc: $(cat err)"
[ $rc = 0 ] || { echo "FAIL: exit status $rc"; fail=1; }
[ "$(wc -l <err)" = 1 ] && grep -q "usdt:test:plain: the site .* is not the probe's nop" err ||
	{ echo "FAIL: want one line refusing the site"; fail=1; }
grep -q 'usdt:test:plain' log && { echo "FAIL: the refused probe fired"; fail=1; }
tail -1 log | grep -q '^+++ exited with 0 +++$' || { echo "FAIL: the program did not end well"; fail=1; }
exit $fail
