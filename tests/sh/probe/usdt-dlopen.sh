#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Probes in a shared library the program dlopens after start (and dlcloses and dlopens again):
# USDT probes, a semaphore-guarded probe, a uprobe and a uretprobe on one of its functions are
# armed when the object appears (the loader's _dl_debug_state breakpoint), forgotten when it
# goes, armed again when it comes back.  The program prints the expected trace; sttrace must
# write exactly that, with nothing on stderr.
set -u
cc=${CC:-cc}
"$cc" -O1 -g -fPIC -shared -I"$TOP/sdt" -o libdlib.so "$TOP/tests/sh/probe/usdt-dlopen-lib.c" ||
	{ echo "FAIL: cannot build the library"; exit 1; }
"$cc" -O1 -g -o dlmain "$TOP/tests/sh/probe/usdt-dlopen.c" -ldl ||
	{ echo "FAIL: cannot build the program"; exit 1; }
fail=0
"$STTRACE" -o log -a0 -e trace=none -e 'usdt=dlib:*@libdlib.so' \
	-e 'uprobe=lib_work@libdlib.so:args=d' -e 'uretprobe=lib_work@libdlib.so:ret=d' \
	./dlmain "$PWD/libdlib.so" >expected 2>err || { echo "FAIL: sttrace exit status $?"; fail=1; }
diff -u expected log || { echo "FAIL: the trace differs from what the program expects"; fail=1; }
[ -s err ] && { echo "FAIL: messages on stderr:"; cat err; fail=1; }
# The program runs the same untraced (it prints the guarded line whether the probe fires or not).
./dlmain "$PWD/libdlib.so" >untraced || { echo "FAIL: untraced run"; fail=1; }
cmp -s untraced expected || { echo "FAIL: the traced program's output differs from untraced"; fail=1; }
[ $fail = 0 ] && echo "$(grep -c -- '^---' log) probe lines as expected"
exit $fail
