/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ioctl(2) decoders, one file per request family (ioctl-FAMILY.c), called by ioctl.c by the
 * request's type byte.  A family decoder gets the request CODE and the argument ARG, at entry
 * and, unless it returned RVAL_DECODED or IOCTL_DECODED at entry, again at exit, and returns:
 *   0              at entry: call me again at exit; at exit: print ARG in hex;
 *   RVAL_DECODED   done, print ARG in hex (a request this decoder does not know);
 *   IOCTL_DECODED  done, I printed ", " and the argument (or nothing, for no argument).
 * Other bits (RVAL_STR, RVAL_KIND) pass through to the syscall's result.
 */
#pragma once
#include <stdint.h>

#include "strace-lite/decode/decode.h"

#define IOCTL_DECODED 0x1000
/* A parameter a callback's signature has but its body does not use. */
#define UNUSED __attribute__((unused))

/* x86_64 request encoding (asm-generic/ioctl.h). */
#define IOC_NR(code) ((code) & 0xff)
#define IOC_TYPE(code) (((code) >> 8) & 0xff)
#define IOC_SIZE(code) (((code) >> 16) & 0x3fff)
#define IOC_DIR(code) (((code) >> 30) & 3)

#define IOCTL_FAMILY(name) int name##_ioctl(struct dctx *c, unsigned int code, uint64_t arg)
IOCTL_FAMILY(term);
IOCTL_FAMILY(fs_x);
IOCTL_FAMILY(fs_f);
IOCTL_FAMILY(fs_0x94);
IOCTL_FAMILY(fs_0x15);
IOCTL_FAMILY(epoll);
IOCTL_FAMILY(pidfd);
IOCTL_FAMILY(btrfs);
IOCTL_FAMILY(inotify);
IOCTL_FAMILY(random);
IOCTL_FAMILY(watchdog);
IOCTL_FAMILY(counter);
IOCTL_FAMILY(hdio);
IOCTL_FAMILY(seccomp);
IOCTL_FAMILY(ptp);
IOCTL_FAMILY(evdev);
IOCTL_FAMILY(gpio);
IOCTL_FAMILY(nsfs);
IOCTL_FAMILY(nbd);
IOCTL_FAMILY(lirc);
IOCTL_FAMILY(rtc);
IOCTL_FAMILY(loop);
IOCTL_FAMILY(block);
IOCTL_FAMILY(ubi);
IOCTL_FAMILY(mtd);
IOCTL_FAMILY(v4l2);
IOCTL_FAMILY(uffdio);
IOCTL_FAMILY(scsi);
IOCTL_FAMILY(kd);
IOCTL_FAMILY(dm);
IOCTL_FAMILY(kvm);
IOCTL_FAMILY(perf);
IOCTL_FAMILY(tee);
IOCTL_FAMILY(udmabuf);
IOCTL_FAMILY(sock);
/* SG_IO (ioctl-sg-io.c), for the SCSI family. */
int scsi_sg_io(struct dctx *c, uint64_t arg);
/* The vcpu descriptor FD's struct kvm_run as the process mapped it: address, length, and the
 * vcpu's id (CPU may be NULL; -1 unknown): 0, or -1 when FD is no mapped vcpu (ioctl-kvm.c). */
int kvm_vcpu_map(struct dctx *c, int fd, uint64_t *at, size_t *len, int *cpu);
/* -e kvm=vcpu+: KVM_RUN's struct kvm_run kept at entry, and both printed in c->after at exit
 * (ioctl-kvm-run.c). */
void kvm_run_more_enter(struct dctx *c, int fd);
void kvm_run_more_exit(struct dctx *c, int fd);

/* "name=VALUE" of a field of struct S, as strace's PRINT_FIELD_* print it. */
/* V zero-extended from its own width, as strace prints unsigned fields of signed types. */
#define ZX(v) ((unsigned long long)(v) & (~0ULL >> (64 - 8 * sizeof(v))))
#define FLD_U(c, s, f) (tprint_field((c), #f), tprintf((c), "%llu", ZX((s).f)))
#define FLD_D(c, s, f) (tprint_field((c), #f), tprintf((c), "%lld", (long long)(s).f))
#define FLD_X(c, s, f) (tprint_field((c), #f), ioctl_print_x((c), ZX((s).f)))
#define FLD_FLAGS(c, s, f, x, dflt) (tprint_field((c), #f), printflags((c), (x), ZX((s).f), (dflt)))
#define FLD_XVAL(c, s, f, x, dflt) (tprint_field((c), #f), printxval((c), (x), ZX((s).f), (dflt)))
/* The same after ", ": every field but a struct's first. */
#define NEXT_U(c, s, f) (tprint_struct_next(c), FLD_U(c, s, f))
#define NEXT_D(c, s, f) (tprint_struct_next(c), FLD_D(c, s, f))
#define NEXT_X(c, s, f) (tprint_struct_next(c), FLD_X(c, s, f))
#define NEXT_FLAGS(c, s, f, x, dflt) (tprint_struct_next(c), FLD_FLAGS(c, s, f, x, dflt))
#define NEXT_XVAL(c, s, f, x, dflt) (tprint_struct_next(c), FLD_XVAL(c, s, f, x, dflt))
#define FLD_CSTR(c, s, f) \
	(tprint_field((c), #f), ioctl_print_cstring((c), (const char *)(s).f, sizeof((s).f)))
#define NEXT_CSTR(c, s, f) (tprint_struct_next(c), FLD_CSTR(c, s, f))
#define NEXT_ADDR(c, s, f) (tprint_next_field((c), #f), printaddr((c), (s).f))

/*
 * At entry, the usual start of a struct argument: ", " and, when ARG reads into *OBJP, "{"
 * and true; else (NULL, unreadable) its address and false: the caller returns IOCTL_DECODED.
 */
static inline bool ioctl_struct_beginn(struct dctx *c, uint64_t arg, size_t size, void *buf)
{
	tprint_arg_next(c);
	if (umoven_or_printaddr(c, arg, size, buf))
		return false;
	tprint_struct_begin(c);
	return true;
}
#define ioctl_struct_begin(c, arg, objp) ioctl_struct_beginn((c), (arg), sizeof(*(objp)), (objp))
/* The same for a struct printed at entry and again at exit after " => " (not after an error). */
static inline bool ioctl_inout_beginn(struct dctx *c, uint64_t arg, size_t size, void *buf)
{
	if (entering(c))
		return ioctl_struct_beginn(c, arg, size, buf);
	if (syserror(c))
		return false;
	tprints(c, " => ");
	if (umoven_or_printaddr(c, arg, size, buf))
		return false;
	tprint_struct_begin(c);
	return true;
}
#define ioctl_inout_begin(c, arg, objp) ioctl_inout_beginn((c), (arg), sizeof(*(objp)), (objp))
/* ", " and PRINT, an expression that prints the argument: IOCTL_DECODED. */
/* PRINT, an expression that prints (the rest of) the argument: IOCTL_DECODED. */
#define DECODED(print) ((print), IOCTL_DECODED)
#define ARG_DECODED(c, print) (tprint_arg_next(c), (print), IOCTL_DECODED)
/* ", " at entry, and there true when the argument prints at exit (AT_EXIT): caller returns 0. */
static inline bool ioctl_arg_at_exit(struct dctx *c, bool at_exit)
{
	if (!entering(c))
		return false;
	tprint_arg_next(c);
	return at_exit;
}
/* "}", and the argument is decoded. */
static inline int ioctl_struct_done(struct dctx *c)
{
	tprint_struct_end(c);
	return IOCTL_DECODED;
}

/* A number in hex as strace's PRINT_VAL_X: "0x2a", "0". */
static inline void ioctl_print_x(struct dctx *c, uint64_t v)
{
	tprintf(c, v ? "%#llx" : "0", (unsigned long long)v);
}

/*
 * A char array field as strace's PRINT_FIELD_CSTRING: quoted up to its NUL, at most
 * SIZE - 1 bytes, "..." when no NUL ends the field.
 */
void ioctl_print_cstring(struct dctx *c, const char *s, size_t size);
/*
 * Before element I of an array: ", " but before the first; false (after "...") when -s cuts
 * the array there (not with -v): the caller stops.
 */
bool ioctl_array_elem(struct dctx *c, size_t i);
/* ", NAME=[0x1, 0, ...]", the N words in hex when any of them is set (reserved fields). */
void ioctl_print_nonzero_x32s(struct dctx *c, const char *name, const void *words, size_t n);
/* N unsigned ints of a local array, "[1, 2, ...]" cut after -s of them unless -v. */
void ioctl_print_u32_array(struct dctx *c, const uint32_t *a, size_t n);
