# A helper that yields the block sizes a tiled kernel may use: powers of two
# from a minimum up to the dimension, keeping those that divide it; and a
# config generator built on it, consumed by for, list, max, zip and dict.
def block_sizes(dim, minimum=8, maximum=512):
    b = minimum
    while b <= min(dim, maximum):
        if dim % b == 0:
            yield b
        b *= 2


for dim in (96, 128, 1000, 4096):
    sizes = list(block_sizes(dim))
    print(f"dim={dim:>5}: {sizes}")

print(max(block_sizes(2048)), min(block_sizes(2048)), sum(block_sizes(64)))
print(sorted(block_sizes(256), reverse=True), len(list(block_sizes(7))))
gen = block_sizes(32)
print(type(gen).__name__, next(gen), next(gen), list(gen), list(gen))


def tile_configs(m, n, k, vmem_elems=128 * 1024):
    for bm in block_sizes(m, 16):
        for bn in block_sizes(n, 128):
            for bk in block_sizes(k, 128):
                if bm * bk + bk * bn + bm * bn <= vmem_elems:
                    yield bm, bn, bk


configs = list(tile_configs(256, 512, 1024))
print(len(configs), configs[:3], configs[-1])
best = max(tile_configs(256, 512, 1024), key=lambda c: (c[0] * c[1], -c[2]))
print("best", best)
print(dict(zip("abc", block_sizes(1024, 64))))
for i, (bm, bn, bk) in enumerate(tile_configs(64, 256, 256)):
    print(i, f"bm={bm:<3} bn={bn:<4} bk={bk}")
# expect: dim=   96: [8, 16, 32]
# expect: dim=  128: [8, 16, 32, 64, 128]
# expect: dim= 1000: [8]
# expect: dim= 4096: [8, 16, 32, 64, 128, 256, 512]
# expect: 512 8 120
# expect: [256, 128, 64, 32, 16, 8] 0
# expect: generator 8 16 [32] []
# expect: 25 [(16, 128, 128), (16, 128, 256), (16, 128, 512)] (256, 256, 128)
# expect: best (256, 256, 128)
# expect: {'a': 64, 'b': 128, 'c': 256}
# expect: 0 bm=16  bn=128  bk=128
# expect: 1 bm=16  bn=128  bk=256
# expect: 2 bm=16  bn=256  bk=128
# expect: 3 bm=16  bn=256  bk=256
# expect: 4 bm=32  bn=128  bk=128
# expect: 5 bm=32  bn=128  bk=256
# expect: 6 bm=32  bn=256  bk=128
# expect: 7 bm=32  bn=256  bk=256
# expect: 8 bm=64  bn=128  bk=128
# expect: 9 bm=64  bn=128  bk=256
# expect: 10 bm=64  bn=256  bk=128
# expect: 11 bm=64  bn=256  bk=256
