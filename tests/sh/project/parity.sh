#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Parity with strace 6.1 on real programs: each runs under strace and under sttrace with the
# same flags (-f, -f -y, -f -yy), and the logs are compared line by line after normalizing
# what differs between any two runs (pids, addresses, inode and port numbers, times and CPU
# times, random bytes).  Processes interleave differently from run to run, so lines are grouped per process
# (the program first, then its children in the order of their first execve line, else of their
# first line: which of two children runs first is a race) and a call cut by <unfinished ...> is joined to its
# <... resumed> half.  At least 98% of the lines must be identical overall; each program's
# figure is printed, and the worst differing lines are shown.  Arguments (--bpf) go to every
# sttrace run: the eBPF backend against strace, on the same programs.
set -u
extra="$*"
PY=/usr/bin/python3
[ -x $PY ] || { echo "Debian's python3 is missing (make deps installs it)"; exit 1; }
export PYTHONHASHSEED=0 LC_ALL=C
work=$PWD
mkdir -p src && printf 'one\ntwo\nthree\n' >src/a.txt && mkdir -p src/sub && echo x >src/sub/b

server_client='
import os, socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
port = s.getsockname()[1]
pid = os.fork()
if pid == 0:
    c = socket.create_connection(("127.0.0.1", port)); c.sendall(b"ping"); c.recv(4); c.close(); os._exit(0)
a, _ = s.accept(); a.recv(4); a.sendall(b"pong"); a.close(); os.waitpid(pid, 0)
'
py_files='
import os, socket
with open("py.txt", "w") as f: f.write("hello\n")
print(open("py.txt").read().strip()); os.rename("py.txt", "py2.txt"); os.unlink("py2.txt")
a, b = socket.socketpair(); a.send(b"x"); b.recv(1); a.close(); b.close()
'
programs=(
	"ls -la src"
	"cat src/a.txt"
	"cp -r src dst"
	"mkdir -p deep/er/est"
	"rm -r dst deep"
	"sh -c 'cat src/a.txt | wc -l'"
	"$PY -c '$py_files'"
	"$PY -c '$server_client'"
)

normalize() {
	sed -E -e 's/0x[0-9a-f]{6,}/ADDR/g' \
	       -e 's/(socket|pipe|anon_inode:[a-z]*|net):\[[0-9]+\]/\1:[INODE]/g' \
	       -e 's/(UNIX|UNIX-STREAM|NETLINK|TCP|UDP)(:\[)[0-9]+/\1\2INODE/g' \
	       -e 's/->[0-9]+([],])/->INODE\1/g' \
	       -e 's/htons\([0-9]+\)/htons(PORT)/g' -e 's/(127\.0\.0\.1):[0-9]+/\1:PORT/g' \
	       -e 's/tv_(sec|nsec|usec)=[0-9]+/tv_\1=N/g' \
	       -e 's/si_(utime|stime)=[0-9]+( \/\* [0-9.]+ s \*\/)?/si_\1=T/g' \
	       -e 's/(st_size|stx_size)=[0-9]+/\1=N/g' \
	       -e 's/\/\* [0-9]+ entries \*\//\/* N entries *\//g' |
	awk '
	{
		pid = $1; line = $0; sub(/^[0-9]+ +/, "", line)
		if (!(pid in id)) { id[pid] = ++np }
		p = id[pid]
		if (line ~ / <unfinished \.\.\.>$/) { sub(/ <unfinished \.\.\.>$/, "", line); held[p] = line; next }
		if (line ~ /^<\.\.\. [a-z0-9_]+ resumed>/ && (p in held)) {
			sub(/^<\.\.\. [a-z0-9_]+ resumed>/, "", line); line = held[p] line; delete held[p]
		}
		sub(/^getrandom\("([^"\\]|\\.)*"/, "getrandom(\"RANDOM\"", line)
		gsub(/[0-9][0-9][0-9]+/, "N", line) # pids, times and sizes left in values
		gsub(/\) +=/, ") =", line)          # the -a padding moves with ADDR
		if (!(p in key) && (p == 1 || line ~ /^execve\(/)) key[p] = p == 1 ? "" : line
		if (!(p in first)) first[p] = line
		out[p] = out[p] line "\n"
	}
	END {
		for (i = 1; i <= np; i++) {
			k = (i in key) ? key[i] : first[i]
			n = split(out[i], ls, "\n")
			for (j = 1; j < n; j++) printf "%s\t%d\t%s\n", k, i, ls[j]
		}
	}' | sort -s -t "$(printf '\t')" -k1,1 |
	awk -F '\t' '$2 != last { last = $2; np++ } { sub(/^[^\t]*\t[^\t]*\t/, ""); print "P" np " " $0 }'
}

total=0 same=0 fail=0
for flags in "-f" "-f -y" "-f -yy"; do
	for prog in "${programs[@]}"; do
		rm -rf dst deep; cd "$work" || exit 1
		eval "strace -o s.log $flags -s 64 $prog" >/dev/null 2>&1
		rm -rf dst deep
		eval "\"\$STTRACE\" $extra -o t.log $flags -s 64 $prog" >/dev/null 2>&1
		normalize <s.log >s.norm
		normalize <t.log >t.norm
		n=$(wc -l <s.norm)
		d=$(diff s.norm t.norm | grep -c '^<')
		total=$((total + n)) same=$((same + n - d))
		label=${prog//$'\n'/ }
		printf '%-8s %-40.40s %5d lines, %4d differ\n' "$flags" "$label" "$n" "$d"
		if [ "$d" -gt 0 ]; then
			diff s.norm t.norm | grep '^[<>]' | head -6 | cut -c1-180 | sed 's/^/        /'
		fi
	done
done
pct=$(awk -v s=$same -v t=$total 'BEGIN { printf "%.2f", t ? 100 * s / t : 0 }')
echo "identical lines: $same of $total ($pct%)"
awk -v p="$pct" 'BEGIN { exit !(p >= 98) }' || { echo "FAIL: under 98%"; fail=1; }
exit $fail
