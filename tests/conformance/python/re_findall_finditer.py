# Pulling shapes and grid sizes out of log lines.
import re

log = "call kernel grid=(4, 8) block=(128, 256) dtype=bf16; grid=(2,) block=(512,)"
print(re.findall(r"grid=\(([^)]*)\)", log))  # expect: ['4, 8', '2,']
print(re.findall(r"(\w+)=\((\d+), ?(\d+)?", log))  # expect: [('grid', '4', '8'), ('block', '128', '256'), ('grid', '2', ''), ('block', '512', '')]
print(re.findall(r"\d+", "v5 has 16 cores and 95 GiB"))  # expect: ['5', '16', '95']
print([m.span() for m in re.finditer(r"block=\(\d+", log)])  # expect: [(24, 34), (63, 73)]
print([m.group(1) for m in re.finditer(r"(\w+)=", log)])  # expect: ['grid', 'block', 'dtype', 'grid', 'block']
print(re.findall("", "ab"))  # expect: ['', '', '']
print(re.findall(r"a*", "baaac"))  # expect: ['', 'aaa', '', '']
shape = re.compile(r"(\d+)x(\d+)")
print([tuple(int(v) for v in m.groups()) for m in shape.finditer("tiles 8x128, 16x256 and 1x1")])  # expect: [(8, 128), (16, 256), (1, 1)]
print(shape.findall("8x128 16x256", 3))  # expect: [('16', '256')]
print(shape.search("8x128 16x256", 1, 8))  # expect: None
