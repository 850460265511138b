/*
 * nicsim_fallback.h: arithmetic helpers for harnesses whose sources do not list the kernel
 * header that defines them (nicsim's own code, each only if the tree's definition was not
 * taken). Included after the macros taken from the tree.
 */
#ifndef __KERNEL_DIV_ROUND_UP
#define __KERNEL_DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#endif
#ifndef DIV_ROUND_UP
#define DIV_ROUND_UP(n, d) __KERNEL_DIV_ROUND_UP(n, d)
#endif
#ifndef DIV_ROUND_UP_ULL
#define DIV_ROUND_UP_ULL(ll, d) ((unsigned long long)(((unsigned long long)(ll) + (d) - 1) / (d)))
#endif
#ifndef DIV_ROUND_DOWN_ULL
#define DIV_ROUND_DOWN_ULL(ll, d) ((unsigned long long)(ll) / (d))
#endif
#ifndef BIT
#define BIT(n) (1UL << (n))
#endif
#ifndef BIT_ULL
#define BIT_ULL(n) (1ULL << (n))
#endif
#ifndef BITS_PER_TYPE
#define BITS_PER_TYPE(t) (sizeof(t) * 8)
#endif
#ifndef GENMASK
#define GENMASK(h, l) (((~0UL) - (1UL << (l)) + 1) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#endif
#ifndef USEC_PER_MSEC
#define USEC_PER_MSEC 1000L
#endif
#ifndef USEC_PER_SEC
#define USEC_PER_SEC 1000000L
#endif
#ifndef MSEC_PER_SEC
#define MSEC_PER_SEC 1000L
#endif
#ifndef NSEC_PER_USEC
#define NSEC_PER_USEC 1000L
#endif
#ifndef NSEC_PER_MSEC
#define NSEC_PER_MSEC 1000000L
#endif
#ifndef NSEC_PER_SEC
#define NSEC_PER_SEC 1000000000L
#endif
#ifndef U8_MAX
#define U8_MAX ((u8)~0U)
#endif
#ifndef U16_MAX
#define U16_MAX ((u16)~0U)
#endif
#ifndef U32_MAX
#define U32_MAX ((u32)~0U)
#endif
#ifndef S32_MAX
#define S32_MAX ((s32)(U32_MAX >> 1))
#endif
#ifndef U64_MAX
#define U64_MAX ((u64)~0ULL)
#endif
#ifndef S64_MAX
#define S64_MAX ((s64)(U64_MAX >> 1))
#endif
