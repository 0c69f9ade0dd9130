/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * USDT probes, uprobes and uretprobes under --bpf: what probes.c (user space) and probes.bpf.c
 * (the kernel side) share.  Every attached site has an entry in the array map "sites", found
 * at a hit through the attach cookie; it says how to fetch each value (USDT argument specs of
 * libsdt, flattened: a constant, a register, or memory at base + index * scale + disp, plus the
 * load bias for symbolic operands).  The program sends one EV_PROBE_HIT record per hit with the
 * raw values; user space prints them with the ptrace backend's printers.
 */
#pragma once
#include "bpf/bpfev.h"

#define PROBE_MAX_SITES 4096
#define PROBE_MAX_ARGS 12
#define PROBE_STR_MAX 4096   /* bytes of one captured string (-s + 1, at most) */
#define PROBE_SCRATCH 16384  /* strings of one hit, in all */

enum {
	EV_PROBE_HIT = EV_PROBE,  /* usdt, uprobe (entry) */
	EV_PROBE_RET,             /* uretprobe */
	EV_PROBE_RTLD,            /* the loader's link map is consistent: the process is stopped */
	EV_PROBE_EXEC,            /* a static program was exec'd: the process is stopped */
};

/* PA_XMM: register base of the FPU state, which a hit has to stop its thread to see. */
enum { PA_NONE, PA_CONST, PA_REG, PA_MEM, PA_UNREADABLE, PA_XMM };
#define PA_NOREG 0xff

/* How to fetch one value.  Registers are struct pt_regs slots (u64 index), not DWARF numbers. */
struct parg {
	__s64 off;   /* PA_CONST: the value; PA_MEM: the displacement (or the symbol's address) */
	__u8 kind;
	__u8 base;   /* PA_REG: the register; PA_MEM: base register or PA_NOREG */
	__u8 index;  /* PA_MEM: index register or PA_NOREG */
	__u8 scale;
	__u8 size;   /* bytes read from memory (1..8) */
	__u8 shift;  /* PA_REG: bit offset (%ah) */
	__u8 bias;   /* add the object's load bias (symbolic operand) */
	__u8 str;    /* capture what the value points to: PCAP_STR or PCAP_BUF (0: nothing) */
	__u16 caplen; /* PCAP_BUF: bytes (at most PROBE_STR_MAX) */
	__u8 ksize;  /* as a --latency key: the value's bytes (0: 8) ... */
	__u8 ksigned; /* ... sign-extended, so that keys compare as their printed numbers */
	__u16 pad[2];
};

/* Captures (parg.str): the NUL-terminated string (-s + 2 bytes at most), or caplen bytes. */
enum { PCAP_NONE, PCAP_STR, PCAP_BUF };

struct psite {
	__u64 pc;    /* link-time address of the site: load bias = ip at the hit - pc */
	__u32 nargs;
	__u16 nstr;  /* arguments with str set */
	__u8 rep;    /* the site is a rep-prefixed string instruction: one hit per iteration */
	__u8 xmm;    /* xmm registers wanted (PA_XMM, a prototype's floats): the thread is held */
	__u8 hold;   /* every hit holds its thread (an IFUNC resolver's return: user space
		      * attaches what it chose before the call goes there) */
	__u8 silent; /* only --latency wants its hits: none is sent (latency.bpf.h) */
	__u16 lat_a; /* bit i: a start (lat_b: an end) of the kernel's --latency pair i */
	__u16 lat_b;
	struct parg a[PROBE_MAX_ARGS];
};

/*
 * EV_PROBE_HIT / EV_PROBE_RET: h.len is the whole record's length.  v[] holds nargs values;
 * after them, for each argument with str set in order, a __u32 length (bytes captured: a
 * string's include its NUL; 0: unreadable) and the bytes, padded to 4.
 */
struct ev_probe {
	struct ev_hdr h;
	__u32 site;
	__u32 bad;   /* bit i: value i could not be read; PROBE_HELD: the process is held */
	__u64 v[PROBE_MAX_ARGS];
};

/*
 * With the ring buffer more than half full, a hit holds its process (SIGSTOP, see "held") until
 * user space has read up to it: threads that hit probes faster than the trace can be written
 * wait, rather than lose hits.
 */
#define PROBE_HELD (1u << 31)
/*
 * A hit with an xmm argument always holds its thread: once it is stopped, its FPU state is in
 * memory; the SIGCONT that releases it copies xmm0-15 (low 8 bytes each) into map "xmm".
 */
#define PROBE_XMM (1u << 30)

struct xmm_regs {
	__u32 state; /* user space: 1 (wanted); the kernel side: 2 (copied) */
	__u32 pad;
	__u64 v[16];
};

/* EV_PROBE_RTLD, EV_PROBE_EXEC: the process is held (SIGSTOP) until user space attached its
 * new objects. */
struct ev_rtld {
	struct ev_hdr h;
	__u32 dynamic; /* EV_PROBE_EXEC: the program has a loader (its libraries come later) */
	__u32 pad;
};

/*
 * --latency pairs made in the kernel (latency.bpf.h): at most LAT_MAX; rodata lat_by[i] says
 * how pair i's ends pair (LAT_BY_THREAD, or the value number).  Each pair's times go into a
 * histogram in the kernel (map "lat_hist", per CPU: LAT_BUCKETS counts a pair) and its longest
 * into "lat_top"; no record is sent.  A bucket holds times of one power of two cut in
 * 2^LAT_SUB_BITS equal parts (below 2^(LAT_SUB_BITS+1) ns, one nanosecond each): a time is
 * known to within 1/256 of itself, well inside what a timer resolves.
 */
#define LAT_MAX 16
#define LAT_BY_THREAD -1
#define LAT_STARTS 16384 /* starts waiting for their end, all pairs together */
#define LAT_SUB_BITS 7
#define LAT_TOP_MSB 47 /* times up to 2^48 ns (78 hours); longer ones count in the last bucket */
#define LAT_BUCKETS ((LAT_TOP_MSB - LAT_SUB_BITS + 2) << LAT_SUB_BITS)

/* Map "probe_stats" (array): counters user space reads.  PSTAT_LAT_FULL: --latency starts not
 * kept (LAT_STARTS waiting). */
enum { PSTAT_LOST, PSTAT_HOLDS, PSTAT_LAT_FULL, PSTAT_NR };
