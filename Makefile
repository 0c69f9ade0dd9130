# SPDX-License-Identifier: LGPL-2.1-or-later
#
# One Makefile for the whole tree.  Sources are discovered by wildcard, so adding a file to a
# directory needs no edit here.  Everything is built into build/ (binaries in build/bin/).
# V=1 shows the commands; SANITIZE=1 builds with ASan and UBSan into build-san/.

.DELETE_ON_ERROR:
.SUFFIXES:
.SECONDARY:
MAKEFLAGS += --no-builtin-rules

PREFIX  ?= /usr/local
DESTDIR ?=
CC      ?= cc
CLANG   ?= clang
LLVM_STRIP ?= $(firstword $(shell command -v llvm-strip llvm-strip-14 2>/dev/null) llvm-strip)

ifeq ($(SANITIZE),1)
B       ?= build-san
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
else
B       ?= build
SANFLAGS =
endif

ifeq ($(V),1)
Q =
E = @true
else
Q = @
E = @printf '  %-7s %s\n'
endif

PKGS     := libelf libdw
CFLAGS   ?= -O2 -g
CFLAGS   += -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers \
	    -D_GNU_SOURCE -MMD -MP $(SANFLAGS)
# Includes name their directory ("common/proc.h", "gen/xlat.h"): the tree and the build dir.
CPPFLAGS += -I. -I$(B)
LDFLAGS  += $(SANFLAGS)
LDLIBS   += $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lelf -ldw)
# -k: libunwind-ptrace unwinds the tracee's stack (common/stacktrace.c).
LDLIBS   += -lunwind-ptrace -lunwind-generic -lunwind
# Breakpoints on instructions that are not emulated run out of line, decoded by capstone.
LDLIBS   += -lcapstone
# --bpf: libbpf loads the programs of bpf/.
LDLIBS   += -lbpf -lz -ltinfo

# --- sources ----------------------------------------------------------------------------------
COMMON_SRCS := $(wildcard common/*.c)
BPF_SRCS    := $(filter-out %.bpf.c,$(wildcard bpf/*.c))
# strace-lite/ by role: the front end at the top, decode/ (and its families), probe/, ptrace/,
# bpf/, record/ below it (docs/architecture.md).
STRACE_SRCS := $(wildcard strace-lite/*.c strace-lite/*/*.c strace-lite/*/*/*.c)
SDT_SRCS    := $(wildcard sdt/*.c)
UPROBE_SRCS := $(wildcard uprobe/*.c)
PROTO_SRCS  := $(wildcard proto/*.c)

COMMON_OBJS := $(COMMON_SRCS:%.c=$(B)/obj/%.o)
STRACE_OBJS := $(STRACE_SRCS:%.c=$(B)/obj/%.o)
SDT_OBJS    := $(SDT_SRCS:%.c=$(B)/obj/%.o)
UPROBE_OBJS := $(UPROBE_SRCS:%.c=$(B)/obj/%.o)
PROTO_OBJS  := $(PROTO_SRCS:%.c=$(B)/obj/%.o)
BPF_OBJS    := $(BPF_SRCS:%.c=$(B)/obj/%.o)

# Constant tables (strace's xlat idea): strace-lite/decode/xlat/NAME.in -> build/gen/xlat/NAME.c, each
# compiled on its own (tables include kernel and libc headers that do not always mix).
XLAT_INS  := $(wildcard strace-lite/decode/xlat/*.in)
XLAT_OBJS := $(XLAT_INS:strace-lite/decode/xlat/%.in=$(B)/obj/xlat/%.o)
GEN_HDRS  := $(B)/gen/syscallent.h $(B)/gen/xlat.h

# eBPF programs (libbpf-tools layout): bpf/X.bpf.c is the kernel side, compiled with clang into
# build/obj/bpf/X.bpf.o and turned into build/gen/X.skel.h by bpftool; bpf/X.c loads it.
BPF_PROGS := $(wildcard bpf/*.bpf.c)
BPF_SKELS := $(BPF_PROGS:bpf/%.bpf.c=$(B)/gen/%.skel.h)
GEN_HDRS  += $(BPF_SKELS)

BINS := $(B)/bin/sttrace
ifneq ($(SDT_SRCS),)
BINS += $(B)/bin/sdt
endif
LTRACE_SRCS := $(wildcard ltrace-lite/*.c)
LTRACE_OBJS := $(LTRACE_SRCS:%.c=$(B)/obj/%.o)
ifneq ($(wildcard ltrace-lite/lttrace.c),)
BINS += $(B)/bin/lttrace
endif

.PHONY: all
all: $(BINS)

# --- generated headers ------------------------------------------------------------------------
UNISTD_H ?= $(firstword $(wildcard /usr/include/x86_64-linux-gnu/asm/unistd_64.h \
				   /usr/include/asm/unistd_64.h))

# The decoders that exist (SYS_FUNC(name), print_struct_NAME): the table references exactly
# these, so linking it pulls them in (no weak references, no --whole-archive).  Rewritten only
# when the list changes.
$(B)/gen/decoders.list: $(STRACE_SRCS) FORCE
	$(Q)mkdir -p $(@D)
	$(Q){ sed -n 's/^SYS_FUNC(\([a-z0-9_]*\)).*/sys_\1/p' $(STRACE_SRCS); \
	     sed -n 's/^\(int\|void\) \(\(sys\|print_struct\)_[a-z0-9_]*\)(struct dctx.*/\2/p' \
		$(STRACE_SRCS); } | LC_ALL=C sort -u > $@.tmp
	$(Q)if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

$(B)/gen/syscallent.h: strace-lite/decode/syscalls.in strace-lite/decode/gen-syscalls.awk $(UNISTD_H) \
		       $(B)/gen/decoders.list
	$(E) GEN $@
	$(Q)mkdir -p $(@D)
	$(Q)awk -v defs=$(B)/gen/decoders.list -f strace-lite/decode/gen-syscalls.awk $(UNISTD_H) \
		strace-lite/decode/syscalls.in > $@

$(B)/gen/xlat/%.c: strace-lite/decode/xlat/%.in strace-lite/decode/gen-xlat.awk
	$(E) GEN $@
	$(Q)mkdir -p $(@D)
	$(Q)awk -v name=$* -f strace-lite/decode/gen-xlat.awk $< > $@

# Syscall names alone (common/sysname.h), from the same table, for libcommon.
$(B)/gen/sysname.c: strace-lite/decode/syscalls.in strace-lite/decode/gen-syscalls.awk $(UNISTD_H)
	$(E) GEN $@
	$(Q)mkdir -p $(@D)
	$(Q)awk -v names_only=1 -f strace-lite/decode/gen-syscalls.awk $(UNISTD_H) strace-lite/decode/syscalls.in > $@

$(B)/obj/gen/sysname.o: $(B)/gen/sysname.c
	$(E) CC $<
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# One header that declares every table, so decoders need one include.
$(B)/gen/xlat.h: $(XLAT_INS) Makefile
	$(E) GEN $@
	$(Q)mkdir -p $(@D)
	$(Q){ echo '/* generated from strace-lite/decode/xlat/NAME.in files */'; echo '#pragma once'; \
	     echo '#include "common/xlat_types.h"'; \
	     for f in $(XLAT_INS:strace-lite/decode/xlat/%.in=%); do \
		echo "extern const struct xlat xlat_$$f[];"; done; } > $@.tmp
	$(Q)if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

# vmlinux.h from the running kernel's BTF; the committed x86_64 copy when there is none.
VMLINUX_BTF ?= /sys/kernel/btf/vmlinux
$(B)/gen/vmlinux.h:
	$(E) GEN $@
	$(Q)mkdir -p $(@D)
	$(Q)if [ -r $(VMLINUX_BTF) ] && command -v bpftool >/dev/null && \
		bpftool btf dump file $(VMLINUX_BTF) format c > $@.tmp 2>/dev/null; then \
		mv $@.tmp $@; else rm -f $@.tmp; cp bpf/vmlinux_x86_64.h $@; fi

BPF_CFLAGS := -g -O2 -target bpf -D__TARGET_ARCH_x86 -Wall -Wno-unused-function \
	      -I. -I$(B)
$(B)/obj/bpf/%.bpf.o: bpf/%.bpf.c $(B)/gen/vmlinux.h $(wildcard bpf/*.h)
	$(E) CLANG $<
	$(Q)mkdir -p $(@D)
	$(Q)$(CLANG) $(BPF_CFLAGS) -c -o $@.tmp $<
	$(Q)$(LLVM_STRIP) -g $@.tmp && mv $@.tmp $@

$(B)/gen/%.skel.h: $(B)/obj/bpf/%.bpf.o
	$(E) SKEL $@
	$(Q)mkdir -p $(@D)
	$(Q)bpftool gen skeleton $< name $* > $@

# --- compile and link -------------------------------------------------------------------------
$(B)/obj/%.o: %.c | $(GEN_HDRS)
	$(E) CC $<
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(B)/obj/xlat/%.o: $(B)/gen/xlat/%.c
	$(E) CC $<
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(B)/lib/libcommon.a: $(COMMON_OBJS) $(XLAT_OBJS) $(B)/obj/gen/sysname.o
	$(E) AR $@
	$(Q)mkdir -p $(@D)
	$(Q)rm -f $@ && ar rcs $@ $^

# strace-lite minus its main().  The syscall table references every decoder that exists
# (gen/decoders.list), so the linker pulls them in like any other member.
STRACE_LIB_OBJS := $(filter-out $(B)/obj/strace-lite/sttrace.o,$(STRACE_OBJS))
$(B)/lib/libstrace.a: $(STRACE_LIB_OBJS)
	$(E) AR $@
	$(Q)mkdir -p $(@D)
	$(Q)rm -f $@ && ar rcs $@ $^
# The probe support in libstrace (probe.c) needs the breakpoint engine and the USDT catalog.
# Archives in layer order, each depending only on those after it (docs/architecture.md).
LOWER_LIBS  = $(B)/lib/libbpfbe.a $(B)/lib/libproto.a $(B)/lib/libuprobe.a $(B)/lib/libsdt.a \
	      $(B)/lib/libcommon.a
STRACE_LIBS = $(B)/lib/libstrace.a $(LOWER_LIBS)
STRACE_DEPS = $(STRACE_LIBS)

# libbpfbe: what the tools' eBPF pipelines share (bpf/*.c): libbpf's log, capabilities,
# uprobe_multi links.  Each tool loads its own programs (strace-lite/bpf/, ltrace-lite/lt-bpf*.c).
$(B)/lib/libbpfbe.a: $(BPF_OBJS)
	$(E) AR $@
	$(Q)mkdir -p $(@D)
	$(Q)rm -f $@ && ar rcs $@ $^

# libuprobe: int3 breakpoints, step-over and semaphores over ptrace (uprobe/bp.h).
$(B)/lib/libuprobe.a: $(UPROBE_OBJS)
	$(E) AR $@
	$(Q)mkdir -p $(@D)
	$(Q)rm -f $@ && ar rcs $@ $^

$(B)/bin/sttrace: $(B)/obj/strace-lite/sttrace.o $(STRACE_DEPS)
	$(E) LD $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS) -o $@ $< $(STRACE_LIBS) $(LDLIBS)

# libsdt: the USDT note reader and argument-spec parser (sdt/usdt.h), for sdt and the tracers.
SDT_LIB_OBJS := $(filter-out $(B)/obj/sdt/sdt.o,$(SDT_OBJS))
$(B)/lib/libsdt.a: $(SDT_LIB_OBJS)
	$(E) AR $@
	$(Q)mkdir -p $(@D)
	$(Q)rm -f $@ && ar rcs $@ $^

$(B)/bin/sdt: $(B)/obj/sdt/sdt.o $(B)/lib/libsdt.a $(B)/lib/libcommon.a
	$(E) LD $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS) -o $@ $< $(B)/lib/libsdt.a $(B)/lib/libcommon.a $(LDLIBS)

# --- prototypes -------------------------------------------------------------------------------
# proto/: the prototype catalog both tracers decode calls with (lttrace's lines, sttrace's
# -e uprobe=/uretprobe=).  The built-in prototypes are ltrace.conf-syntax text files
# (proto/protos/*.conf), embedded as C strings.
PROTO_CONFS := $(wildcard proto/protos/*.conf)
$(B)/gen/ltprotos.c: $(PROTO_CONFS) proto/embed.awk
	$(E) GEN $@
	$(Q)mkdir -p $(@D)
	$(Q)awk -f proto/embed.awk $(PROTO_CONFS) > $@

$(B)/obj/gen/ltprotos.o: $(B)/gen/ltprotos.c
	$(E) CC $<
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(B)/lib/libproto.a: $(PROTO_OBJS) $(B)/obj/gen/ltprotos.o
	$(E) AR $@
	$(Q)mkdir -p $(@D)
	$(Q)rm -f $@ && ar rcs $@ $^

# --- lttrace ----------------------------------------------------------------------------------
# ltrace-lite/lttrace.c holds main(); the rest is libltrace.
LTRACE_LIB_OBJS := $(filter-out $(B)/obj/ltrace-lite/lttrace.o,$(LTRACE_OBJS))
$(B)/lib/libltrace.a: $(LTRACE_LIB_OBJS)
	$(E) AR $@
	$(Q)mkdir -p $(@D)
	$(Q)rm -f $@ && ar rcs $@ $^

# -C: libstdc++'s demangler (common/demangle.c), for lttrace alone.
LT_LDLIBS := -lstdc++

# lttrace links no part of sttrace: the two tools share only the layers below them.
$(B)/bin/lttrace: $(B)/obj/ltrace-lite/lttrace.o $(B)/lib/libltrace.a $(LOWER_LIBS)
	$(E) LD $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS) -o $@ $< $(B)/lib/libltrace.a $(LOWER_LIBS) $(LDLIBS) $(LT_LDLIBS)

# lttrace unit tests (tests/unit/lt_*.c) link libltrace first.
$(B)/tests/unit/lt_%: tests/unit/lt_%.c $(B)/lib/libltrace.a $(LOWER_LIBS) | $(GEN_HDRS)
	$(E) CC $<
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(B)/lib/libltrace.a $(LOWER_LIBS) \
		$(LDLIBS) $(LT_LDLIBS)

-include $(shell find $(B)/obj -name '*.d' 2>/dev/null)

# --- dependencies (Debian 12 packages) --------------------------------------------------------
DEB_PKGS := build-essential pkg-config bc libelf-dev libdw-dev libunwind-dev libcapstone-dev libstdc++-12-dev \
	    libbpf-dev bpftool clang llvm strace ltrace gdb libc6-dbg bpftrace linux-perf systemtap-sdt-dev jq \
	    libxml2-utils libncurses-dev

# The Debian package's tools (`make deb`, test deb-package) only, installed when it is built.
DEB_TOOL_PKGS := debhelper lintian fakeroot

.PHONY: deps deb-deps
deps deb-deps: PKGS = $(if $(filter deb-deps,$@),$(DEB_TOOL_PKGS),$(DEB_PKGS))
deps deb-deps:
	@missing=$$(for p in $(PKGS); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' \
			|| echo $$p; done); \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then \
		echo "missing packages; as root run: apt-get update && apt-get install -y" $$missing; \
		exit 1; fi; \
	echo "installing:" $$missing; \
	export DEBIAN_FRONTEND=noninteractive; \
	apt-get update -qq && apt-get install -y -qq $$missing

# The browser test's tools (tests/sh/views/browser.sh): Debian's chromium, and speedscope and
# playwright-core from npm, at the versions tests/browser/package-lock.json pins, in $(B)/browser/.
.PHONY: browser-deps
browser-deps: $(B)/browser/.installed
	$(Q)$(MAKE) --no-print-directory deps DEB_PKGS=chromium

$(B)/browser/.installed: tests/browser/package.json tests/browser/package-lock.json
	$(E) NPM $(@D)
	$(Q)mkdir -p $(@D) && cp $^ $(@D)/
	$(Q)cd $(@D) && npm ci --no-audit --no-fund --loglevel=error && touch .installed

# --- test programs ----------------------------------------------------------------------------
# tests/trace/*.c: self-describing programs (they print what sttrace must print); built plain,
# without sanitizers, since they are the tracees.  tests/unit/*.c: linked with the libraries.
TRACE_SRCS  := $(wildcard tests/trace/*/*.c)
TRACE_TESTS := $(addprefix $(B)/tests/trace/,$(basename $(notdir $(TRACE_SRCS))))
UNIT_TESTS  := $(patsubst tests/unit/%.c,$(B)/tests/unit/%,$(wildcard tests/unit/*.c))
TEST_CFLAGS := -O1 -g -Wall -Wextra -Wno-unused-parameter -D_GNU_SOURCE -Itests/trace -pthread

# A test may ask for link flags with a "// link: FLAGS" line (e.g. -static, to keep the dynamic
# loader's own syscalls out of its trace).
# tests/trace/FAMILY/NAME.c -> $(B)/tests/trace/NAME (the registry names a test by NAME alone).
define TRACE_RULE
$(B)/tests/trace/$(basename $(notdir $(1))): $(1) tests/trace/tests.h $(wildcard tests/trace/*.h)
	$$(E) CC $$<
	$$(Q)mkdir -p $$(@D)
	$$(Q)$$(CC) $$(TEST_CFLAGS) -MMD -MP -MF $$@.d -o $$@ $$< $$$$(sed -n 's|^// link: ||p' $$<)
endef
$(foreach s,$(TRACE_SRCS),$(eval $(call TRACE_RULE,$(s))))
# A variant that #includes its base (ioctl-tty-v.c includes ioctl-tty.c) is rebuilt when the base
# changes: the compiler's dependency lists.
-include $(wildcard $(B)/tests/trace/*.d)

$(B)/tests/unit/%: tests/unit/%.c $(STRACE_DEPS) \
		| $(GEN_HDRS)
	$(E) CC $<
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) -Isdt $(CFLAGS) $(LDFLAGS) -o $@ $< $(B)/lib/libsdt.a $(STRACE_LIBS) \
		$(LDLIBS)

# sdt unit tests need only libsdt (a more specific pattern: make prefers the shorter stem).
$(B)/tests/unit/sdt_%: tests/unit/sdt_%.c $(B)/lib/libsdt.a $(B)/lib/libcommon.a
	$(E) CC $<
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) -Isdt $(CFLAGS) $(LDFLAGS) -o $@ $< $(B)/lib/libsdt.a \
		$(B)/lib/libcommon.a $(LDLIBS)

.PHONY: test-progs
test-progs: $(TRACE_TESTS) $(UNIT_TESTS)

# --- demo, tests, bench -----------------------------------------------------------------------
.PHONY: demo test check bench fuzz
demo: deps
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(MAKE) --no-print-directory -C examples B=$(abspath $(B))
	@echo '$$ sttrace -e trace=openat build/examples/catfile /etc/hostname'
	@$(B)/bin/sttrace -e trace=openat $(B)/examples/catfile /etc/hostname

test check: deps browser-deps
	$(Q)$(MAKE) --no-print-directory all test-progs
	$(Q)$(MAKE) --no-print-directory -C examples B=$(abspath $(B))
	$(Q)B=$(B) CC="$(CC)" SANFLAGS="$(SANFLAGS)" tests/run.sh

bench: deps
	$(Q)$(MAKE) --no-print-directory all
	$(Q)B=$(B) tests/bench/run.sh

# strace's own test suite run against strace, sttrace and sttrace --bpf (docs/strace-suite.md):
# strace 7.2's from a local clone or tree, STRACE_SRC=PATH (copied into build/strace-src-7.2/,
# bootstrapped there; results in build/check-strace/), or STRACE_SUITE=6.1 for Debian's strace
# 6.1 source package (build/strace-src/, results in build/check-strace-6.1/).  Not part of
# `make test`: it takes hours on a busy machine.
.PHONY: check-strace
check-strace: deps
	$(Q)$(MAKE) --no-print-directory deps DEB_PKGS="autoconf automake gawk"
	$(Q)$(MAKE) --no-print-directory all
	$(Q)B=$(B) STRACE_SUITE="$(STRACE_SUITE)" STRACE_SRC="$(STRACE_SRC)" tests/strace-suite/run.sh

# ltrace 0.7.3's own test suite (DejaGnu; upstream's tag 0.7.3, copied into build/ltrace-src/ from
# LTRACE_SRC=DIR or cloned) run against ltrace, lttrace and lttrace --bpf; results in
# build/check-ltrace/.  Not part of `make test` (docs/ltrace-suite.md).
.PHONY: check-ltrace
check-ltrace: deps
	$(Q)$(MAKE) --no-print-directory all
	$(Q)B=$(B) tests/ltrace-suite/run.sh

# libFuzzer targets (tests/fuzz/fuzz_*.c) for the parsers that read untrusted bytes, built with
# clang under ASan/UBSan together with the library sources they exercise.  FUZZ_TIME seconds
# each (default 60); crashes and new inputs stay in build-fuzz/.
FUZZ_TIME    ?= 60
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,build-fuzz/%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_CFLAGS  := -g -O1 -std=gnu11 -D_GNU_SOURCE -I. -Isdt -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined

FUZZ_COMMON  := common/elfread.c common/maps.c common/proc.c common/vec.c
build-fuzz/%: tests/fuzz/%.c $(SDT_LIB_OBJS:$(B)/obj/%.o=%.c) $(FUZZ_COMMON) sdt/usdt.h
	$(E) CLANG $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CLANG) $(FUZZ_CFLAGS) -o $@ $< $(SDT_LIB_OBJS:$(B)/obj/%.o=%.c) $(FUZZ_COMMON) -lelf

# The decoders' target links every library source of sttrace (the generated tables too).
FUZZ_TARGETS += build-fuzz/decode_fuzz
DECODE_FUZZ_SRCS = $(filter-out strace-lite/sttrace.c,$(STRACE_SRCS)) \
		   $(filter-out common/demangle.c,$(COMMON_SRCS)) \
		   $(XLAT_INS:strace-lite/decode/xlat/%.in=$(B)/gen/xlat/%.c) $(UPROBE_SRCS) \
		   $(PROTO_SRCS) $(B)/gen/ltprotos.c $(SDT_LIB_OBJS:$(B)/obj/%.o=%.c) $(BPF_SRCS) \
		   $(B)/gen/sysname.c
build-fuzz/decode_fuzz: tests/fuzz/decode_fuzz.c $(DECODE_FUZZ_SRCS) | $(GEN_HDRS)
	$(E) FUZZ $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CLANG) $(subst -Isdt,$(CPPFLAGS) -Isdt,$(FUZZ_CFLAGS)) -Wno-unused-command-line-argument \
		-o $@ $< $(DECODE_FUZZ_SRCS) $(LDLIBS)

.PHONY: fuzz-build
fuzz-build: $(FUZZ_TARGETS)

fuzz: deps fuzz-build
	$(Q)for t in $(FUZZ_TARGETS); do \
		n=$$(basename $$t); mkdir -p build-fuzz/corpus-$$n build-fuzz/seed-$$n; \
		if [ -x tests/fuzz/seed.sh ]; then tests/fuzz/seed.sh $$n build-fuzz/seed-$$n; fi; \
		echo "fuzz: $$n for $(FUZZ_TIME)s"; \
		(cd build-fuzz && ./$$n -max_total_time=$(FUZZ_TIME) -print_final_stats=1 \
			-artifact_prefix=crash-$$n- corpus-$$n seed-$$n >log-$$n 2>&1); rc=$$?; \
		grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|==[0-9]+==ERROR)' \
			build-fuzz/log-$$n; \
		[ $$rc = 0 ] || { tail -n 30 build-fuzz/log-$$n; echo "fuzz: $$n FAILED"; exit 1; }; \
	done

# --- install, clean ---------------------------------------------------------------------------
.PHONY: install uninstall clean
install: all install-sdt install-man install-completion
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin/

# bash completion (completion/sttrace sets up both tools; lttrace's file is a link to it).
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
.PHONY: install-completion
install-completion:
	install -d $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 completion/sttrace $(DESTDIR)$(BASHCOMPDIR)/sttrace
	ln -sf sttrace $(DESTDIR)$(BASHCOMPDIR)/lttrace

# What install put there (with the same PREFIX, DESTDIR and SDT_SYS_HEADER), and include/sttrace;
# the shared directories (bin, share/man/man1...) stay.
uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/bin/,$(notdir $(BINS))) \
	      $(addprefix $(DESTDIR)$(PREFIX)/share/man/man1/,$(notdir $(wildcard man/*.1))) \
	      $(DESTDIR)$(PREFIX)/include/sttrace/sdt.h \
	      $(DESTDIR)$(PREFIX)/share/pkgconfig/sttrace-sdt.pc \
	      $(DESTDIR)$(BASHCOMPDIR)/sttrace $(DESTDIR)$(BASHCOMPDIR)/lttrace \
	      $(if $(filter 1,$(SDT_SYS_HEADER)),$(DESTDIR)$(PREFIX)/include/sys/sdt.h)
	-rmdir $(DESTDIR)$(PREFIX)/include/sttrace 2>/dev/null

# The Debian package (debian/): dpkg-buildpackage in a copy of the tree under $(B)/deb/, seeded
# with this build's objects (their times kept, so only the binaries are linked again, with
# Debian's link flags); the .deb lands in $(B)/deb/ and lintian checks it.
DEB_VERSION = $(shell dpkg-parsechangelog -l debian/changelog -S Version)
DEB_FILE    = $(B)/deb/sttrace_$(DEB_VERSION)_amd64.deb
.PHONY: deb
deb: deb-deps all
	$(Q)rm -rf $(B)/deb && mkdir -p $(B)/deb/src/build
	$(Q)tar -c --exclude='./build*' --exclude=./.git . | tar -x -C $(B)/deb/src
	$(Q)cp -a $(B)/obj $(B)/gen $(B)/lib $(B)/deb/src/build/
	$(E) DEB $(DEB_FILE)
	$(Q)cd $(B)/deb/src && DEB_BUILD_OPTIONS=noddebs dpkg-buildpackage -b -us -uc -nc \
		>../build.log 2>&1 || { tail -n 30 ../build.log; exit 1; }
	$(Q)lintian --fail-on error $(DEB_FILE)
	@echo '$(DEB_FILE)'

# man pages (man/*.1: sttrace, lttrace, sdt) into share/man/man1.
.PHONY: install-man
install-man:
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(wildcard man/*.1) $(DESTDIR)$(PREFIX)/share/man/man1/

# The USDT header: include/sttrace/sdt.h always, include/sys/sdt.h with SDT_SYS_HEADER=1 (it
# would shadow systemtap-sdt-dev's), and a pkg-config file, sttrace-sdt.pc.
.PHONY: install-sdt
install-sdt:
	install -d $(DESTDIR)$(PREFIX)/include/sttrace $(DESTDIR)$(PREFIX)/share/pkgconfig
	install -m 644 sdt/sdt.h $(DESTDIR)$(PREFIX)/include/sttrace/sdt.h
	$(if $(filter 1,$(SDT_SYS_HEADER)),install -d $(DESTDIR)$(PREFIX)/include/sys && \
		install -m 644 sdt/sdt.h $(DESTDIR)$(PREFIX)/include/sys/sdt.h)
	sed 's|@PREFIX@|$(PREFIX)|' sdt/sttrace-sdt.pc.in > $(DESTDIR)$(PREFIX)/share/pkgconfig/sttrace-sdt.pc

clean:
	rm -rf build build-san build-fuzz

.PHONY: FORCE
FORCE:
