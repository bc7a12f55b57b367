# json as kernels use it for tuning metadata: dumps of a dataclass's asdict
# and of plain dicts (separators, indent, sort_keys, non-ASCII, non-string
# keys), loads of a tuned-table string, and both error kinds.
import dataclasses
import json


@dataclasses.dataclass(frozen=True)
class BlockSizes:
    block_q: int = 512
    block_kv: int = 1024
    use_fused_bwd: bool = False
    scale: float = 0.125
    layout: str = "HEAD_DIM_MINOR"
    extra: tuple = (1, 2)


meta = json.dumps(dataclasses.asdict(BlockSizes()))
print(meta)
print(json.dumps({"kernel": "flash", "grid": [4, 8], "q_seq": None}, separators=(",", ":")))
print(json.dumps({"b": 1, "a": {"z": [], "y": {}}}, sort_keys=True, indent=2))
print(json.dumps({1: "one", 2.5: True, None: "n", False: 0}))
print(json.dumps("tête\tà\n\"tête\""), json.dumps("tête", ensure_ascii=False))
print(json.dumps([1e20, 0.1, -0.0, float("inf"), 10**15]))
table = json.loads('{"v5e": {"128": [256, 512]}, "v6e": {"128": [512, 1024]}, "scale": 1.5e-3, "ok": true}')
print(table["v6e"]["128"], table["scale"], table["ok"], sorted(table))
print(json.loads("[1, -2, 3.5, \"\\u00e9\\n\", null, false]"), json.loads(json.dumps(dataclasses.asdict(BlockSizes()))) == dataclasses.asdict(BlockSizes()) or "lists")
for bad in ['{"a": }', '[1, 2', '{"a" 1}', '{a: 1}', '[1] x', '"abc']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(type(e).__name__, isinstance(e, ValueError), e, e.pos)
print(json.dumps({"s": {1, 2}}, default=sorted))
json.dumps({"b": BlockSizes()})  # expect error: TypeError: Object of type BlockSizes is not JSON serializable
# expect: {"block_q": 512, "block_kv": 1024, "use_fused_bwd": false, "scale": 0.125, "layout": "HEAD_DIM_MINOR", "extra": [1, 2]}
# expect: {"kernel":"flash","grid":[4,8],"q_seq":null}
# expect: {
# expect:   "a": {
# expect:     "y": {},
# expect:     "z": []
# expect:   },
# expect:   "b": 1
# expect: }
# expect: {"1": "one", "2.5": true, "null": "n", "false": 0}
# expect: "t\u00eate\t\u00e0\n\"t\u00eate\"" "tête"
# expect: [1e+20, 0.1, -0.0, Infinity, 1000000000000000]
# expect: [512, 1024] 0.0015 True ['ok', 'scale', 'v5e', 'v6e']
# expect: [1, -2, 3.5, 'é\n', None, False] lists
# expect: JSONDecodeError True Expecting value: line 1 column 7 (char 6) 6
# expect: JSONDecodeError True Expecting ',' delimiter: line 1 column 6 (char 5) 5
# expect: JSONDecodeError True Expecting ':' delimiter: line 1 column 6 (char 5) 5
# expect: JSONDecodeError True Expecting property name enclosed in double quotes: line 1 column 2 (char 1) 1
# expect: JSONDecodeError True Extra data: line 1 column 5 (char 4) 4
# expect: JSONDecodeError True Unterminated string starting at: line 1 column 1 (char 0) 0
# expect: {"s": [1, 2]}
