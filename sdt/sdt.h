/* SPDX-License-Identifier: LGPL-2.1-or-later OR CC0-1.0 */
/*
 * sttrace's USDT header: static probes that readelf, gdb, bpftrace, bcc, libbpf and sttrace
 * can find.  A drop-in for systemtap's <sys/sdt.h> (4.8): the same macros and the same ELF
 * note, written from the format description, not from systemtap's text.
 *
 * What a probe site emits:
 *   - one `nop` in the instruction stream (the site; a tracer puts its breakpoint there);
 *   - a note in the non-allocated section .note.stapsdt, owner "stapsdt", type 3, whose
 *     descriptor is: pc, address of _.stapsdt.base, semaphore address (0 for none), all
 *     pointer-sized; then provider, name and the argument string, each NUL-terminated;
 *   - once per object, the 1-byte section .stapsdt.base (a COMDAT group of that name, with the
 *     hidden weak symbol _.stapsdt.base), so a reader can undo prelink-style relocation: the
 *     note records where the linker put .stapsdt.base; the section header says where it is now.
 *
 * The argument string is "ARG ARG ...", each "[-]SIZE[f]@OPERAND": a minus for signed types,
 * the size in bytes, "f" for floating point, then the operand exactly as the compiler prints it
 * in assembler syntax (%rdi, -4(%rbp), $42, counter(%rip), ...).  The compiler prints the
 * operand; the size/sign/float code is a compile-time constant that the compiler prints with
 * the `%c` operand modifier, and the assembler turns the float case into "Nf" with .if.
 *
 * Cost of a disabled probe: the nop, plus whatever it takes to have the arguments somewhere
 * the operand constraint accepts (a register, memory or an immediate: usually nothing).
 *
 * Is-enabled checks: SDT_DEFINE_SEMAPHORE(p, n) defines the 16-bit counter that tracers raise
 * while attached, in section .probes as dtrace -G would; SDT_PROBE_ENABLED(p, n) reads it.
 * A probe's note names its semaphore when _SDT_HAS_SEMAPHORES is defined before this header
 * (every probe of the file, as systemtap does) or when the probe is written with the
 * SDT_SEM_PROBEn macros (just that probe).
 *
 * This header declares no functions and includes nothing, so it can sit inside extern "C" {}.
 */
#ifndef _STTRACE_SDT_H
#define _STTRACE_SDT_H 1
/* Claim systemtap's guard too, so that a later #include <sys/sdt.h> is a no-op. */
#ifndef _SYS_SDT_H
#define _SYS_SDT_H 1
#endif

#ifdef __LP64__
#define _SDT_ADDR_DIRECTIVE .8byte
#else
#define _SDT_ADDR_DIRECTIVE .4byte
#endif

#if defined(__s390__) || defined(__s390x__) || defined(__ia64__)
#define _SDT_NOP_INSN nop 0
#else
#define _SDT_NOP_INSN nop
#endif

#define _SDT_STR_(x) #x
#define _SDT_STR(x) _SDT_STR_(x)
#define _SDT_CAT_(a, b) a##b
#define _SDT_CAT(a, b) _SDT_CAT_(a, b)

/* The semaphore of a probe: a plain C identifier, so C and assembly can both name it. */
#define _SDT_SEMNAME(p, n) p##_##n##_semaphore

/* ------------------------------------------------------------------------------------------ */
#ifdef __ASSEMBLER__
/*
 * From assembly the arguments are operands without sizes ("%rdi 8(%rsp)"): the note gets
 * them as written, space-separated, which every consumer accepts as "size unknown".
 */
#define _SDT_ASM_ARGS_0()
#define _SDT_ASM_ARGS_1(a) a
#define _SDT_ASM_ARGS_2(a, b) a b
#define _SDT_ASM_ARGS_3(a, b, c) a b c
#define _SDT_ASM_ARGS_4(a, b, c, d) a b c d
#define _SDT_ASM_ARGS_5(a, b, c, d, e) a b c d e
#define _SDT_ASM_ARGS_6(a, b, c, d, e, f) a b c d e f
#define _SDT_ASM_ARGS_7(a, b, c, d, e, f, g) a b c d e f g
#define _SDT_ASM_ARGS_8(a, b, c, d, e, f, g, h) a b c d e f g h
#define _SDT_ASM_ARGS_9(a, b, c, d, e, f, g, h, i) a b c d e f g h i
#define _SDT_ASM_ARGS_10(a, b, c, d, e, f, g, h, i, j) a b c d e f g h i j
#define _SDT_ASM_ARGS_11(a, b, c, d, e, f, g, h, i, j, k) a b c d e f g h i j k
#define _SDT_ASM_ARGS_12(a, b, c, d, e, f, g, h, i, j, k, l) a b c d e f g h i j k l

/* Statements separated by ';' since the whole probe is one line after preprocessing. */
#define _SDT_ASM_NOTE(p, n, sem, argtext)					\
	7770: _SDT_NOP_INSN;							\
	.pushsection .note.stapsdt, "?", "note";				\
	.balign 4;								\
	.4byte 7772f - 7771f, 7774f - 7773f, 3;					\
	7771: .asciz "stapsdt";							\
	7772: .balign 4;							\
	7773: _SDT_ADDR_DIRECTIVE 7770b;					\
	_SDT_ADDR_DIRECTIVE _.stapsdt.base;					\
	_SDT_ADDR_DIRECTIVE sem;						\
	.asciz _SDT_STR(p);							\
	.asciz _SDT_STR(n);							\
	.asciz argtext;								\
	7774: .balign 4;							\
	.popsection;								\
	.ifndef _.stapsdt.base;							\
	.pushsection .stapsdt.base, "aG", @progbits, .stapsdt.base, comdat;	\
	.weak _.stapsdt.base;							\
	.hidden _.stapsdt.base;							\
	_.stapsdt.base: .space 1;						\
	.size _.stapsdt.base, 1;						\
	.popsection;								\
	.endif;

#ifdef _SDT_HAS_SEMAPHORES
#define _SDT_SEM_DEFAULT(p, n) _SDT_SEMNAME(p, n)
#else
#define _SDT_SEM_DEFAULT(p, n) 0
#endif

#define _SDT_PROBE(p, n, semfn, count, args) \
	_SDT_ASM_NOTE(p, n, semfn(p, n), _SDT_STR(_SDT_ASM_ARGS_##count args))

#else /* !__ASSEMBLER__ */
/* ------------------------------------------------------------------------------------------ */

/*
 * Argument selection by count, used by STAP_PROBEV and STAP_PROBE_ASM.  Both are defined with
 * a lone `...` that always receives the provider and the name, so no call ever passes an empty
 * variadic part (which ISO C before C23 and clang's -Wgnu-zero-variadic-macro-arguments reject).
 */
#define _SDT_COUNT(...) \
	_SDT_COUNT_(__VA_ARGS__, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, ~)
#define _SDT_COUNT_(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, count, ...) count


/*
 * Per argument, two asm operands: [_SDT_Ck] the code, [_SDT_Ak] the value.  The code is
 * -SIZE for signed integers, SIZE for everything else that is not floating point, 1000+SIZE
 * for floating point (never signed, as in systemtap's header).  gcc allows 30 operands per asm
 * statement; twelve arguments use 24.
 */
#define _SDT_TC_REAL 8   /* __builtin_classify_type: real_type_class */
#define _SDT_TC_PTR 5    /* pointer_type_class (arrays decay to it)  */
#define _SDT_TC_ARRAY 14 /* array_type_class                         */

#define _SDT_IS_FLOAT(x) (__builtin_classify_type(x) == _SDT_TC_REAL)
#define _SDT_SIZE(x)                                                                    \
	((__builtin_classify_type(x) == _SDT_TC_PTR ||                                  \
	  __builtin_classify_type(x) == _SDT_TC_ARRAY) ? (int)sizeof(void *) : (int)sizeof(x))

#ifdef __cplusplus
/*
 * C++ has no __builtin_choose_expr: signedness comes from a trait, declared with C++ linkage
 * so the header works inside extern "C" {}.  Only the signed integer types say "signed";
 * everything else (pointers, enums, classes, floating point) reads as unsigned.
 */
extern "C++" {
template <typename _SdtT> struct _sdt_signed { static const bool value = false; };
template <typename _SdtT> struct _sdt_signed<const _SdtT> : _sdt_signed<_SdtT> {};
template <typename _SdtT> struct _sdt_signed<volatile _SdtT> : _sdt_signed<_SdtT> {};
template <typename _SdtT> struct _sdt_signed<const volatile _SdtT> : _sdt_signed<_SdtT> {};
template <> struct _sdt_signed<signed char> { static const bool value = true; };
template <> struct _sdt_signed<short> { static const bool value = true; };
template <> struct _sdt_signed<int> { static const bool value = true; };
template <> struct _sdt_signed<long> { static const bool value = true; };
template <> struct _sdt_signed<long long> { static const bool value = true; };
template <> struct _sdt_signed<char> { static const bool value = (char)-1 < (char)0; };
template <> struct _sdt_signed<wchar_t> { static const bool value = (wchar_t)-1 < (wchar_t)0; };
}
#define _SDT_IS_SIGNED(x) (_sdt_signed<__typeof__(x)>::value)
#else
/*
 * C: integer-like types (integer, char, enum, bool: classes 1 to 4) are tested as themselves,
 * anything else as unsigned int.  __builtin_choose_expr keeps the other branch unevaluated, so
 * no cast of a pointer or a struct to -1 is ever written.
 */
#define _SDT_INT_TYPE(x)                                                                \
	__typeof__(__builtin_choose_expr(__builtin_classify_type(x) >= 1 &&             \
						 __builtin_classify_type(x) <= 4,       \
					 (x), 0U))
#define _SDT_IS_SIGNED(x) ((_SDT_INT_TYPE(x))-1 < (_SDT_INT_TYPE(x))1)
#endif

#define _SDT_CODE(x)                                                                    \
	(_SDT_IS_FLOAT(x) ? 1000 + _SDT_SIZE(x) : _SDT_IS_SIGNED(x) ? -_SDT_SIZE(x) : _SDT_SIZE(x))

/* The operand constraint for argument values; override as systemtap allows. */
#ifndef STAP_SDT_ARG_CONSTRAINT
#if defined(__powerpc__)
#define STAP_SDT_ARG_CONSTRAINT nZr
#elif defined(__arm__)
#define STAP_SDT_ARG_CONSTRAINT g
#else
#define STAP_SDT_ARG_CONSTRAINT nor
#endif
#endif

#define _SDT_OPERAND(k, x)                                                              \
	[_SDT_C##k] "n"(_SDT_CODE(x)), [_SDT_A##k] _SDT_STR(STAP_SDT_ARG_CONSTRAINT)(x)

#if defined(__i386__)
#define _SDT_VALUE_TMPL(k) "%k[_SDT_A" #k "]"
#else
#define _SDT_VALUE_TMPL(k) "%[_SDT_A" #k "]"
#endif

/*
 * The text of argument k: "-4@%edi", "8@-8(%rbp)", "8f@-16(%rbp)".  The code prints as a plain
 * number through the assembler macro _sdt_argsz, except for floating point, where the macro
 * writes the size followed by "f".  The macro is defined around the arguments of each note and
 * purged after, so the template stays short (C99 only promises 4095-byte string literals).
 */
#define _SDT_ARGSZ_MACRO                                                                \
	".macro _sdt_argsz sz\n"                                                        \
	".if \\sz < 1000\n.ascii \"\\sz\"\n"                                           \
	".elseif \\sz == 1004\n.ascii \"4f\"\n.elseif \\sz == 1008\n.ascii \"8f\"\n"      \
	".elseif \\sz == 1016\n.ascii \"16f\"\n.elseif \\sz == 1002\n.ascii \"2f\"\n"     \
	".else\n.error \"sdt.h: unsupported floating-point argument size\"\n.endif\n"     \
	".endm\n"
#define _SDT_ARG_TMPL(k) \
	"_sdt_argsz %c[_SDT_C" #k "]\n.ascii \"@" _SDT_VALUE_TMPL(k) "\"\n" _SDT_PAD_ARG

#define _SDT_SP ".ascii \" \"\n"
#define _SDT_TMPL_0 ""
#define _SDT_TMPL_1 _SDT_ARG_TMPL(1)
#define _SDT_TMPL_2 _SDT_TMPL_1 _SDT_SP _SDT_ARG_TMPL(2)
#define _SDT_TMPL_3 _SDT_TMPL_2 _SDT_SP _SDT_ARG_TMPL(3)
#define _SDT_TMPL_4 _SDT_TMPL_3 _SDT_SP _SDT_ARG_TMPL(4)
#define _SDT_TMPL_5 _SDT_TMPL_4 _SDT_SP _SDT_ARG_TMPL(5)
#define _SDT_TMPL_6 _SDT_TMPL_5 _SDT_SP _SDT_ARG_TMPL(6)
#define _SDT_TMPL_7 _SDT_TMPL_6 _SDT_SP _SDT_ARG_TMPL(7)
#define _SDT_TMPL_8 _SDT_TMPL_7 _SDT_SP _SDT_ARG_TMPL(8)
#define _SDT_TMPL_9 _SDT_TMPL_8 _SDT_SP _SDT_ARG_TMPL(9)
#define _SDT_TMPL_10 _SDT_TMPL_9 _SDT_SP _SDT_ARG_TMPL(10)
#define _SDT_TMPL_11 _SDT_TMPL_10 _SDT_SP _SDT_ARG_TMPL(11)
#define _SDT_TMPL_12 _SDT_TMPL_11 _SDT_SP _SDT_ARG_TMPL(12)

#define _SDT_OPS_0()
#define _SDT_OPS_1(a) _SDT_OPERAND(1, a)
#define _SDT_OPS_2(a, b) _SDT_OPS_1(a), _SDT_OPERAND(2, b)
#define _SDT_OPS_3(a, b, c) _SDT_OPS_2(a, b), _SDT_OPERAND(3, c)
#define _SDT_OPS_4(a, b, c, d) _SDT_OPS_3(a, b, c), _SDT_OPERAND(4, d)
#define _SDT_OPS_5(a, b, c, d, e) _SDT_OPS_4(a, b, c, d), _SDT_OPERAND(5, e)
#define _SDT_OPS_6(a, b, c, d, e, f) _SDT_OPS_5(a, b, c, d, e), _SDT_OPERAND(6, f)
#define _SDT_OPS_7(a, b, c, d, e, f, g) _SDT_OPS_6(a, b, c, d, e, f), _SDT_OPERAND(7, g)
#define _SDT_OPS_8(a, b, c, d, e, f, g, h) \
	_SDT_OPS_7(a, b, c, d, e, f, g), _SDT_OPERAND(8, h)
#define _SDT_OPS_9(a, b, c, d, e, f, g, h, i) \
	_SDT_OPS_8(a, b, c, d, e, f, g, h), _SDT_OPERAND(9, i)
#define _SDT_OPS_10(a, b, c, d, e, f, g, h, i, j) \
	_SDT_OPS_9(a, b, c, d, e, f, g, h, i), _SDT_OPERAND(10, j)
#define _SDT_OPS_11(a, b, c, d, e, f, g, h, i, j, k) \
	_SDT_OPS_10(a, b, c, d, e, f, g, h, i, j), _SDT_OPERAND(11, k)
#define _SDT_OPS_12(a, b, c, d, e, f, g, h, i, j, k, l) \
	_SDT_OPS_11(a, b, c, d, e, f, g, h, i, j, k), _SDT_OPERAND(12, l)

/*
 * Padding.  gcc sizes an asm statement by counting its lines when it decides what to inline,
 * and what it inlines decides where the probe arguments live.  Blank lines that bring our
 * count to that of systemtap's header (nine per probe, two per argument) make a program compile
 * to the same code, and the same argument strings, with either header.  They emit nothing.
 */
#define _SDT_PAD_ARG "\n\n"
#define _SDT_PAD_PROBE "\n\n\n\n\n\n\n\n\n"

/*
 * The note, as assembler text.  ARGS is assembler text that emits the argument string without
 * its NUL.  The .note.stapsdt section is opened with flag "?" (same COMDAT group as the code
 * around it) so a probe in an inline function or template instantiation is discarded together
 * with the code it describes; the numeric labels 7770..7774 are local to this text.
 */
#define _SDT_NOTE_TEXT(p, n, sem, args)                                                 \
	"7770: " _SDT_STR(_SDT_NOP_INSN) "\n"                                           \
	".pushsection .note.stapsdt,\"?\",\"note\"\n"                                   \
	".balign 4\n"                                                                   \
	".4byte 7772f-7771f, 7774f-7773f, 3\n"                                          \
	"7771: .asciz \"stapsdt\"\n"                                                    \
	"7772: .balign 4\n"                                                             \
	"7773: " _SDT_STR(_SDT_ADDR_DIRECTIVE) " 7770b\n"                               \
	_SDT_STR(_SDT_ADDR_DIRECTIVE) " _.stapsdt.base\n"                               \
	_SDT_STR(_SDT_ADDR_DIRECTIVE) " " sem "\n"                                      \
	".asciz \"" #p "\"\n"                                                           \
	".asciz \"" #n "\"\n"                                                           \
	_SDT_ARGSZ_MACRO args "\n"                                                      \
	".byte 0\n"                                                                     \
	".purgem _sdt_argsz\n"                                                          \
	"7774: .balign 4\n"                                                             \
	".popsection\n" _SDT_PAD_PROBE

/* .stapsdt.base, once per object (the COMDAT group merges the copies at link time). */
#define _SDT_BASE_TEXT                                                                  \
	".ifndef _.stapsdt.base\n"                                                      \
	".pushsection .stapsdt.base,\"aG\",@progbits,.stapsdt.base,comdat\n"            \
	".weak _.stapsdt.base\n"                                                        \
	".hidden _.stapsdt.base\n"                                                      \
	"_.stapsdt.base: .space 1\n"                                                    \
	".size _.stapsdt.base, 1\n"                                                     \
	".popsection\n"                                                                 \
	".endif\n"

/*
 * Semaphores: the note names the symbol in assembler text, which the compiler does not see;
 * an empty asm with the semaphore as a memory input is the C-level use that keeps a static
 * semaphore alive and makes a missing one a compile error.  (It is also what systemtap's
 * header does, so code around a probe is compiled identically with either header.)
 */
#define _SDT_NOSEM(p, n) "0"
#define _SDT_NOSEM_USE(p, n)
#define _SDT_SEM(p, n) _SDT_STR(_SDT_SEMNAME(p, n))
#define _SDT_SEM_USE(p, n) __asm__ __volatile__("" : : "m"(_SDT_SEMNAME(p, n)));
#ifdef _SDT_HAS_SEMAPHORES
#define _SDT_SEM_DEFAULT _SDT_SEM
#define _SDT_SEM_DEFAULT_USE _SDT_SEM_USE
#else
#define _SDT_SEM_DEFAULT _SDT_NOSEM
#define _SDT_SEM_DEFAULT_USE _SDT_NOSEM_USE
#endif

/*
 * The probe, then .stapsdt.base in a basic asm statement (no operands).  gcc takes a
 * non-empty basic asm to read and write any memory, so every store the program made before
 * the probe is done when it fires: a tracer that follows a pointer argument sees current
 * memory, not a value the compiler has kept in a register.  systemtap's header behaves the
 * same way, so a program compiles to the same code with either header.
 */
#define _SDT_PROBE(p, n, semfn, count, args)                                            \
	do {                                                                            \
		semfn##_USE(p, n)                                                       \
		__asm__ __volatile__(_SDT_NOTE_TEXT(p, n, semfn(p, n), _SDT_TMPL_##count)  \
				     : : _SDT_OPS_##count args);                        \
		__asm__ __volatile__(_SDT_BASE_TEXT);                                   \
	} while (0)

/* Is-enabled checks without dtrace -G. */
#define SDT_DECLARE_SEMAPHORE(p, n)                                                     \
	extern __attribute__((visibility("hidden"))) unsigned short _SDT_SEMNAME(p, n)
#define SDT_DEFINE_SEMAPHORE(p, n)                                                      \
	__attribute__((section(".probes"), used, visibility("hidden")))                 \
	unsigned short _SDT_SEMNAME(p, n)
/* Volatile: a tracer changes the counter behind the compiler's back. */
#define SDT_PROBE_ENABLED(p, n)                                                         \
	__builtin_expect(*(volatile unsigned short *)&_SDT_SEMNAME(p, n) != 0, 0)

/*
 * STAP_PROBE_ASM: a probe inside the caller's own asm statement.  Either raw operands
 * (STAP_PROBE_ASM(p, n, %eax 4(%esi)), sizes unknown), or STAP_PROBE_ASM_TEMPLATE(k) in the
 * template with STAP_PROBE_ASM_OPERANDS(k, args...) among the inputs.  The template form is
 * two macro arguments (a marker and the text), which is how the two are told apart.
 */
#define _SDT_ASM_RAW_TEXT(...) ".ascii \"" #__VA_ARGS__ "\""
#define _SDT_ASM_SEL_2(p, n) _SDT_NOTE_TEXT(p, n, "0", "") _SDT_BASE_TEXT
#define _SDT_ASM_SEL_3(p, n, raw) \
	_SDT_NOTE_TEXT(p, n, "0", _SDT_ASM_RAW_TEXT(raw)) _SDT_BASE_TEXT
#define _SDT_ASM_SEL_4(p, n, marker, tmpl) _SDT_NOTE_TEXT(p, n, "0", tmpl) _SDT_BASE_TEXT
#define _SDT_ASM_SEL(count, ...) _SDT_CAT(_SDT_ASM_SEL_, count)(__VA_ARGS__)
/* Total macro arguments, provider and name included. */
#define _SDT_NARGS(...) _SDT_COUNT(~, ~, __VA_ARGS__)
#define STAP_PROBE_ASM(...) _SDT_ASM_SEL(_SDT_NARGS(__VA_ARGS__), __VA_ARGS__)
#define STAP_PROBE_ASM_TEMPLATE(k) _sdt_template_marker, _SDT_TMPL_##k
#define STAP_PROBE_ASM_OPERANDS(k, ...) _SDT_OPS_##k(__VA_ARGS__)

#endif /* __ASSEMBLER__ */
/* ------------------------------------------------------------------------------------------ */

#define STAP_PROBE(p, n) _SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 0, ())
#define STAP_PROBE1(p, n, a1) _SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 1, (a1))
#define STAP_PROBE2(p, n, a1, a2) _SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 2, (a1, a2))
#define STAP_PROBE3(p, n, a1, a2, a3) _SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 3, (a1, a2, a3))
#define STAP_PROBE4(p, n, a1, a2, a3, a4) \
	_SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 4, (a1, a2, a3, a4))
#define STAP_PROBE5(p, n, a1, a2, a3, a4, a5) \
	_SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 5, (a1, a2, a3, a4, a5))
#define STAP_PROBE6(p, n, a1, a2, a3, a4, a5, a6) \
	_SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 6, (a1, a2, a3, a4, a5, a6))
#define STAP_PROBE7(p, n, a1, a2, a3, a4, a5, a6, a7) \
	_SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 7, (a1, a2, a3, a4, a5, a6, a7))
#define STAP_PROBE8(p, n, a1, a2, a3, a4, a5, a6, a7, a8) \
	_SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 8, (a1, a2, a3, a4, a5, a6, a7, a8))
#define STAP_PROBE9(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9) \
	_SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 9, (a1, a2, a3, a4, a5, a6, a7, a8, a9))
#define STAP_PROBE10(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) \
	_SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 10, (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10))
#define STAP_PROBE11(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) \
	_SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 11, (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11))
#define STAP_PROBE12(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12)      \
	_SDT_PROBE(p, n, _SDT_SEM_DEFAULT, 12,                                      \
		   (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12))

/* One probe whose note names its semaphore, whatever _SDT_HAS_SEMAPHORES says. */
#ifdef __ASSEMBLER__
#define _SDT_SEM _SDT_SEMNAME
#endif
#define SDT_SEM_PROBE(p, n) _SDT_PROBE(p, n, _SDT_SEM, 0, ())
#define SDT_SEM_PROBE1(p, n, a1) _SDT_PROBE(p, n, _SDT_SEM, 1, (a1))
#define SDT_SEM_PROBE2(p, n, a1, a2) _SDT_PROBE(p, n, _SDT_SEM, 2, (a1, a2))
#define SDT_SEM_PROBE3(p, n, a1, a2, a3) _SDT_PROBE(p, n, _SDT_SEM, 3, (a1, a2, a3))
#define SDT_SEM_PROBE4(p, n, a1, a2, a3, a4) _SDT_PROBE(p, n, _SDT_SEM, 4, (a1, a2, a3, a4))
#define SDT_SEM_PROBE5(p, n, a1, a2, a3, a4, a5) \
	_SDT_PROBE(p, n, _SDT_SEM, 5, (a1, a2, a3, a4, a5))
#define SDT_SEM_PROBE6(p, n, a1, a2, a3, a4, a5, a6) \
	_SDT_PROBE(p, n, _SDT_SEM, 6, (a1, a2, a3, a4, a5, a6))

/* Variadic form (C and C++ only); systemtap wants SDT_USE_VARIADIC defined first, and so do we. */
#if defined(SDT_USE_VARIADIC) && !defined(__ASSEMBLER__)
#define _SDT_V_0(p, n) STAP_PROBE(p, n)
#define _SDT_V_1(p, n, ...) STAP_PROBE1(p, n, __VA_ARGS__)
#define _SDT_V_2(p, n, ...) STAP_PROBE2(p, n, __VA_ARGS__)
#define _SDT_V_3(p, n, ...) STAP_PROBE3(p, n, __VA_ARGS__)
#define _SDT_V_4(p, n, ...) STAP_PROBE4(p, n, __VA_ARGS__)
#define _SDT_V_5(p, n, ...) STAP_PROBE5(p, n, __VA_ARGS__)
#define _SDT_V_6(p, n, ...) STAP_PROBE6(p, n, __VA_ARGS__)
#define _SDT_V_7(p, n, ...) STAP_PROBE7(p, n, __VA_ARGS__)
#define _SDT_V_8(p, n, ...) STAP_PROBE8(p, n, __VA_ARGS__)
#define _SDT_V_9(p, n, ...) STAP_PROBE9(p, n, __VA_ARGS__)
#define _SDT_V_10(p, n, ...) STAP_PROBE10(p, n, __VA_ARGS__)
#define _SDT_V_11(p, n, ...) STAP_PROBE11(p, n, __VA_ARGS__)
#define _SDT_V_12(p, n, ...) STAP_PROBE12(p, n, __VA_ARGS__)
#define STAP_PROBEV(...) _SDT_CAT(_SDT_V_, _SDT_COUNT(__VA_ARGS__))(__VA_ARGS__)
#endif

/* DTrace spellings. */
#define DTRACE_PROBE(p, n) STAP_PROBE(p, n)
#define DTRACE_PROBE1(p, n, a1) STAP_PROBE1(p, n, a1)
#define DTRACE_PROBE2(p, n, a1, a2) STAP_PROBE2(p, n, a1, a2)
#define DTRACE_PROBE3(p, n, a1, a2, a3) STAP_PROBE3(p, n, a1, a2, a3)
#define DTRACE_PROBE4(p, n, a1, a2, a3, a4) STAP_PROBE4(p, n, a1, a2, a3, a4)
#define DTRACE_PROBE5(p, n, a1, a2, a3, a4, a5) STAP_PROBE5(p, n, a1, a2, a3, a4, a5)
#define DTRACE_PROBE6(p, n, a1, a2, a3, a4, a5, a6) STAP_PROBE6(p, n, a1, a2, a3, a4, a5, a6)
#define DTRACE_PROBE7(p, n, a1, a2, a3, a4, a5, a6, a7) \
	STAP_PROBE7(p, n, a1, a2, a3, a4, a5, a6, a7)
#define DTRACE_PROBE8(p, n, a1, a2, a3, a4, a5, a6, a7, a8) \
	STAP_PROBE8(p, n, a1, a2, a3, a4, a5, a6, a7, a8)
#define DTRACE_PROBE9(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9) \
	STAP_PROBE9(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9)
#define DTRACE_PROBE10(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) \
	STAP_PROBE10(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10)
#define DTRACE_PROBE11(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) \
	STAP_PROBE11(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11)
#define DTRACE_PROBE12(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) \
	STAP_PROBE12(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12)

#endif /* _STTRACE_SDT_H */
