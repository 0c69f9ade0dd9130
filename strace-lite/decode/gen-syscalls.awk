# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Generates the syscall signature table (sysent.h) from the kernel's <asm/unistd_64.h> (numbers)
# and strace-lite/decode/syscalls.in (everything else).  Usage:
#	awk -v defs=DECODERS -f gen-syscalls.awk /usr/include/x86_64-linux-gnu/asm/unistd_64.h syscalls.in
#	awk -v names_only=1 -f gen-syscalls.awk ...   (only the names: gen/sysname.c)
#
# DECODERS lists the decoders and struct printers that exist (sys_NAME, print_struct_NAME, one
# a line, read from the sources by the Makefile): the table points to exactly those, by strong
# references, and to NULL (the generic printer, or the address) for the rest.
#
# syscalls.in, one syscall a line:   NAME  NARGS  CLASSES  RET  ARGS  [NAMES]
#   CLASSES  %file,%desc,... or -; nf marks a syscall that never fails (getpid)
#   RET      d u x o fd none tid tgid pgid sid
#   ARGS     comma-separated kinds, one per argument, or - (all raw):
#            raw d ld u lu x lx o ptr fd atfd path str sig mode tid tgid pgid
#            target                   (a symlink's target: a path printed, not one of -P)
#            ibuf:N obuf:N obuf:R     (size from argument N, 0-based, or the return value)
#            obuf:*N                  (size from the int that argument N points to)
#            flags:XLAT enum:XLAT[:DFLT]   (xlat/XLAT.in; DFLT is the "XXX_???" comment)
#            lflags:XLAT[:DFLT]       (flags in all 64 bits of a long)
#            in:S out:S inout:S       (struct printed by print_struct_S)
#            in:S:N ...               (an array of S, or S's bits (fd_set), counted by size ref N)
#   NAMES    -N/--arg-names: the name of each argument as strace 7.2 prints it, comma-separated,
#            in the order printed (not the registers' order); absent or - : arg1, arg2...
#            (strace's printargs); = : none (a call without arguments)
#   NAME@NR  gives the number of a syscall newer than the installed headers.
# Every syscall of unistd_64.h must have a line: the build fails on a gap.

BEGIN {
	if (!names_only) {
		if (defs == "") die("-v defs=FILE missing")
		while ((getline line < defs) > 0) def[line] = 1
		close(defs)
	}
}
function die(msg) { print "gen-syscalls: " msg > "/dev/stderr"; failed = 1; exit 1 }
function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
# A size reference: N (argument N), R (the return value), *N (the int argument N points to).
function sizeref(r) {
	if (r == "R") return "ARG_SIZE_RET"
	if (r ~ /^\*[0-5]$/) return "ARG_SIZE_DEREF(" substr(r, 2) ")"
	if (r ~ /^[0-5]$/) return r
	die(name ": bad size reference " r)
}
FNR == NR {
	if ($1 == "#define" && $2 ~ /^__NR_/ && $3 ~ /^[0-9]+$/) {
		nm = substr($2, 6); nr[nm] = $3 + 0; if ($3 + 0 > maxnr) maxnr = $3 + 0
	}
	next
}
/^[ \t]*#/ || /^[ \t]*$/ { next }
{
	name = $1; num = ""
	if (index(name, "@")) { split(name, p, "@"); name = p[1]; num = p[2] + 0 }
	if (num == "") {
		if (!(name in nr)) { skipped[name] = 1; next }
		num = nr[name]
	}
	if (num > maxnr) maxnr = num
	if (num in ent) die("duplicate entry for " name)
	seen[name] = 1
	nargs = $2 + 0; cls = $3; ret = $4
	rest = $5; anl = $6
	if (NF > 6) die(name ": more than 6 columns")
	anames = ""
	if (anl == "" || anl == "-") {
		for (i = 1; i <= nargs; i++) anames = anames sprintf("\"arg%d\", ", i)
	} else if (anl != "=") {
		nn = split(anl, an, ",")
		if (nn > 6) die(name ": more than 6 argument names")
		for (i = 1; i <= nn; i++) {
			if (an[i] !~ /^[a-z_][a-z0-9_]*$/) die(name ": bad argument name " an[i])
			anames = anames "\"" an[i] "\", "
		}
	}
	clsexpr = "0"
	if (cls != "-") {
		nc = split(cls, cl, ",")
		for (i = 1; i <= nc; i++) {
			c = cl[i]
			if (c == "nf") c = "SYSCALL_NEVER_FAILS"
			else if (c == "%%stat") c = "TRACE_STAT_LIKE"
			else if (c == "%%statfs") c = "TRACE_STATFS_LIKE"
			else { sub(/^%/, "", c); c = "TRACE_" toupper(c) }
			clsexpr = clsexpr " | " c
		}
	}
	rk = "RK_" toupper(ret)
	args = ""
	if (rest != "-" && rest != "") {
		na = split(rest, a, ",")
		if (na != nargs) die(name ": " nargs " arguments but " na " kinds")
		for (i = 1; i <= na; i++) {
			t = trim(a[i]); n = split(t, q, ":")
			k = q[1]; size = "ARG_SIZE_NONE"; xl = "NULL"; df = "NULL"; pr = "NULL"; sn = "NULL"
			if (k == "ibuf" || k == "obuf") {
				size = sizeref(q[2])
			} else if (k == "flags" || k == "lflags" || k == "enum") {
				xl = "xlat_" q[2]; if (n >= 3) df = "\"" q[3] "\""
			} else if (k == "in" || k == "out" || k == "inout") {
				pr = ((("print_struct_" q[2]) in def) ? "print_struct_" q[2] : "NULL"); sn = "\"" q[2] "\""; structs[q[2]] = 1
				if (n >= 3) size = sizeref(q[3])
			} else if (k !~ /^(raw|d|ld|u|lu|x|lx|o|ptr|fd|atfd|path|target|str|sig|mode|tid|tgid|pgid)$/) {
				die(name ": unknown argument kind " t)
			}
			args = args sprintf("\t\t\t{ AK_%s, %s, %s, %s, %s, %s },\n", toupper(k), size, xl, df, pr, sn)
		}
	} else {
		for (i = 1; i <= nargs; i++) args = args "\t\t\t{ AK_RAW, ARG_SIZE_NONE },\n"
	}
	ent[num] = sprintf("\t[%d] = {\n\t\t.name = \"%s\", .nargs = %d, .rkind = %s, .classes = %s,\n\t\t.func = %s,\n\t\t.args = {\n%s\t\t},\n\t\t.argnames = { %s},\n\t},\n", num, name, nargs, rk, clsexpr, ((("sys_" name) in def) ? "sys_" name : "NULL"), args, anames)
	funcs[name] = 1
	names[num] = name; nargs_of[num] = nargs
}
END {
	if (failed) exit 1
	for (n in nr) if (!(n in seen)) missing = missing " " n
	if (missing != "") die("no line in syscalls.in for:" missing)
	print "/* generated by gen-syscalls.awk from unistd_64.h and syscalls.in: do not edit */"
	if (names_only) {
		# Names alone (common/sysname.h), for tools that print syscalls without decoding.
		print "#include \"common/sysname.h\""
		print "static const struct { const char *name; int nargs; } names[] = {"
		for (i = 0; i <= maxnr; i++) if (i in names) printf "\t[%d] = { \"%s\", %d },\n", i, names[i], nargs_of[i]
		print "};"
		print "#define KNOWN(nr) ((nr) >= 0 && (unsigned long)(nr) < sizeof(names) / sizeof(names[0]) && names[nr].name)"
		print "const char *syscall_name(long nr) { return KNOWN(nr) ? names[nr].name : 0; }"
		print "int syscall_nargs(long nr) { return KNOWN(nr) ? names[nr].nargs : -1; }"
		exit
	}
	print "#include \"strace-lite/decode/sysent.h\""
	print "#include \"gen/xlat.h\""
	for (f in funcs) if (("sys_" f) in def) printf "extern int sys_%s(struct dctx *);\n", f
	for (s in structs) if (("print_struct_" s) in def) printf "extern void print_struct_%s(struct dctx *, uint64_t);\n", s
	print "const struct sysent sysent_table[] = {"
	for (i = 0; i <= maxnr; i++) if (i in ent) printf "%s", ent[i]
	print "};"
	printf "const unsigned int nsyscalls = %d;\n", maxnr + 1
}
