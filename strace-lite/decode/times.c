// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Struct printers for times(2) (clock ticks, each with its value in seconds as a comment),
 * sysinfo(2) and the timezone of gettimeofday(2).  Reached from syscalls.in as out:tms,
 * out:sysinfo and out:timezone.
 */
#include <inttypes.h>
#include <stdio.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/times.h>
#include <unistd.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"

void print_struct_tms(struct dctx *c, uint64_t addr)
{
	struct tms t;

	if (umove_or_printaddr(c, addr, &t))
		return;
	tprints(c, "{tms_utime=");
	print_clock_t(c, (uint64_t)t.tms_utime);
	tprints(c, ", tms_stime=");
	print_clock_t(c, (uint64_t)t.tms_stime);
	tprints(c, ", tms_cutime=");
	print_clock_t(c, (uint64_t)t.tms_cutime);
	tprints(c, ", tms_cstime=");
	print_clock_t(c, (uint64_t)t.tms_cstime);
	tprints(c, "}");
}

void print_struct_sysinfo(struct dctx *c, uint64_t addr)
{
	struct sysinfo si;

	if (umove_or_printaddr(c, addr, &si))
		return;
	tprintf(c, "{uptime=%" PRIu64 ", loads=[%" PRIu64 ", %" PRIu64 ", %" PRIu64 "]",
		(uint64_t)si.uptime, (uint64_t)si.loads[0], (uint64_t)si.loads[1],
		(uint64_t)si.loads[2]);
	tprintf(c, ", totalram=%" PRIu64 ", freeram=%" PRIu64 ", sharedram=%" PRIu64
		", bufferram=%" PRIu64 ", totalswap=%" PRIu64 ", freeswap=%" PRIu64,
		(uint64_t)si.totalram, (uint64_t)si.freeram, (uint64_t)si.sharedram,
		(uint64_t)si.bufferram, (uint64_t)si.totalswap, (uint64_t)si.freeswap);
	tprintf(c, ", procs=%u, totalhigh=%" PRIu64 ", freehigh=%" PRIu64 ", mem_unit=%u}",
		(unsigned int)si.procs, (uint64_t)si.totalhigh, (uint64_t)si.freehigh,
		(unsigned int)si.mem_unit);
}

void print_struct_timezone(struct dctx *c, uint64_t addr)
{
	struct timezone tz;

	if (umove_or_printaddr(c, addr, &tz))
		return;
	tprintf(c, "{tz_minuteswest=%d, tz_dsttime=%d}", tz.tz_minuteswest, tz.tz_dsttime);
}
