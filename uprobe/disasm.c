// SPDX-License-Identifier: LGPL-2.1-or-later
/* The capstone handle of libuprobe (see disasm.h). */
#include "uprobe/disasm.h"

bool uprobe_disasm(csh *h)
{
	static csh cs;
	static int state; /* 0 untried, 1 open, -1 unavailable */

	if (!state) {
		state = -1;
		if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) == CS_ERR_OK &&
		    cs_option(cs, CS_OPT_DETAIL, CS_OPT_ON) == CS_ERR_OK)
			state = 1;
	}
	*h = cs;
	return state > 0;
}

bool uprobe_insn_traps(csh h, const cs_insn *in)
{
	return cs_insn_group(h, in, CS_GRP_INT) || cs_insn_group(h, in, CS_GRP_IRET) ||
	       cs_insn_group(h, in, CS_GRP_PRIVILEGE) || in->id == X86_INS_SYSCALL ||
	       in->id == X86_INS_SYSENTER || in->id == X86_INS_INT3;
}
