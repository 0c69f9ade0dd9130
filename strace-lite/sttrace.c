// SPDX-License-Identifier: LGPL-2.1-or-later
#include <stdio.h>
int main(void)
{
	return 0;
}
