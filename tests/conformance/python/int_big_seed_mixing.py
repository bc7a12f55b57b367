# splitmix64 and FNV-1a hash mixing for test seeds, done with 64-bit masks as Python code writes it.
MASK64 = 0xFFFFFFFFFFFFFFFF


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def fnv1a(text):
    h = 0xCBF29CE484222325
    for byte in map(ord, text):
        h = ((h ^ byte) * 0x100000001B3) & MASK64
    return h


state = 42
seeds = []
for _ in range(4):
    state, value = splitmix64(state)
    seeds.append(value)
print(seeds)
print([s % 1000 for s in seeds], [s >> 32 for s in seeds[:2]])
print(fnv1a("flash_attention"), hex(fnv1a("block_q=128")), fnv1a("") == 0xCBF29CE484222325)
print(f"{seeds[0]:#018x}", f"{seeds[1]:064b}"[:16], seeds[2].bit_length(), (seeds[3] * seeds[2]).bit_length())
signed = [s - (1 << 64) if s >= 1 << 63 else s for s in seeds]
print(signed, min(signed) < 0, sum(signed) % 97)
# expect: [13679457532755275413, 2949826092126892291, 5139283748462763858, 6349198060258255764]
# expect: [413, 291, 858, 764] [3184996902, 686809907]
# expect: 6084776014677731248 0x52766d3eef00515e True
# expect: 0xbdd732262feb6e95 0010100011101111 63 125
# expect: [-4767286540954276203, 2949826092126892291, 5139283748462763858, 6349198060258255764] True 47
