// random: Python's random module, bit-exact with CPython 3.11 for integer
// seeds -- its Mersenne Twister (MT19937, seeded by init_by_array from the
// seed's 32-bit words) in C++, and the algorithms CPython's random.py builds
// on it (random(), getrandbits, _randbelow by rejection, shuffle, sample,
// choices, gauss, normalvariate, ...) in Python, so the same seed draws the
// same values. Without seed() the generator starts from a fixed seed (a run
// is deterministic; CPython's would differ per run anyway).
#include <array>
#include <cstdint>
#include <memory>

#include "core/python/modules.h"

namespace rungs::python {

namespace {
struct Mt19937 {
  std::array<uint32_t, 624> mt{};
  int index = 625;

  void init_genrand(uint32_t s) {
    mt[0] = s;
    for (int i = 1; i < 624; ++i) mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + static_cast<uint32_t>(i);
    index = 624;
  }
  void init_by_array(const std::vector<uint32_t>& key) {
    init_genrand(19650218U);
    size_t i = 1, j = 0, n = key.size();
    for (size_t k = std::max<size_t>(624, n); k; --k) {
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<uint32_t>(j);
      ++i, ++j;
      if (i >= 624) mt[0] = mt[623], i = 1;
      if (j >= n) j = 0;
    }
    for (size_t k = 623; k; --k) {
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - static_cast<uint32_t>(i);
      if (++i >= 624) mt[0] = mt[623], i = 1;
    }
    mt[0] = 0x80000000U;
  }
  uint32_t next() {
    if (index >= 624) {
      for (int k = 0; k < 624; ++k) {
        uint32_t y = (mt[k] & 0x80000000U) | (mt[(k + 1) % 624] & 0x7fffffffU);
        mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
      }
      index = 0;
    }
    uint32_t y = mt[index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    return y ^ (y >> 18);
  }
};

// _mt(): a generator object as one builtin. gen() -> the next 32-bit word;
// gen("seed", [words]) seeds; gen("get") -> its state as a tuple;
// gen("set", state) restores it.
Value make_mt(Interpreter&, CallArgs&) {
  auto g = std::make_shared<Mt19937>();
  g->init_by_array({0x5EED});
  return make_builtin("_mt", [g](Interpreter& ip, CallArgs& a) -> Value {
    if (a.positional.empty()) return Value::integer(g->next());
    std::string op = ip.str(a.positional[0]);
    if (op == "seed") {
      std::vector<uint32_t> key;
      for (const Value& w : ip.iterate(a.positional.at(1))) key.push_back(static_cast<uint32_t>(w.as_int()));
      if (key.empty()) key.push_back(0);
      g->init_by_array(key);
      return Value::none();
    }
    if (op == "get") {
      Values words;
      for (uint32_t w : g->mt) words.push_back(Value::integer(w));
      words.push_back(Value::integer(g->index));
      return make_tuple(std::move(words));
    }
    Values words = ip.iterate(a.positional.at(1));  // "set"
    for (size_t i = 0; i < 624 && i < words.size(); ++i) g->mt[i] = static_cast<uint32_t>(words[i].as_int());
    if (words.size() > 624) g->index = static_cast<int>(words[624].as_int());
    return Value::none();
  });
}

const char* const kRandomSource = R"PY(
import math as _math

_NV_MAGICCONST = 4 * _math.exp(-0.5) / _math.sqrt(2.0)
_TWOPI = 2.0 * _math.pi
_LOG4 = _math.log(4.0)
_SG_MAGICCONST = 1.0 + _math.log(4.5)
BPF = 53
RECIP_BPF = 2 ** -BPF


def _index(x, what):
    if isinstance(x, bool) or not isinstance(x, int):
        if isinstance(x, float) and x == int(x):
            raise TypeError("'float' object cannot be interpreted as an integer")
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(x).__name__)
    return x


class Random:
    VERSION = 3

    def __init__(self, x=None):
        self._gen = _mt()
        self.gauss_next = None
        self.seed(x)

    def seed(self, a=None, version=2):
        if a is None:
            a = 0x5EED
        if isinstance(a, float):
            a = hash(a)
        if isinstance(a, bool):
            a = int(a)
        if not isinstance(a, int):
            _raise_error("unsupported_feature", "random.seed() of a %s (integer seeds only)" % type(a).__name__)
        a = abs(a)
        words = []
        while a:
            words.append(a & 0xFFFFFFFF)
            a >>= 32
        self._gen("seed", words)
        self.gauss_next = None

    def getstate(self):
        return (self.VERSION, self._gen("get"), self.gauss_next)

    def setstate(self, state):
        self._gen("set", state[1])
        self.gauss_next = state[2]

    def random(self):
        a = self._gen() >> 5
        b = self._gen() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k):
        k = _index(k, "k")
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        if k <= 32:
            return self._gen() >> (32 - k)
        # 32-bit words from least to most significant, the last one cut to
        # the bits still wanted, as CPython's _random fills its word array.
        result = 0
        shift = 0
        while k > 0:
            r = self._gen()
            if k < 32:
                r >>= 32 - k
            result |= r << shift
            shift += 32
            k -= 32
        return result

    def _randbelow(self, n):
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None, step=1):
        istart = _index(start, "start")
        if stop is None:
            if step != 1:
                raise TypeError("Missing a non-None stop argument")
            if istart > 0:
                return self._randbelow(istart)
            raise ValueError("empty range for randrange()")
        istop = _index(stop, "stop")
        width = istop - istart
        istep = _index(step, "step")
        if istep == 1:
            if width > 0:
                return istart + self._randbelow(width)
            raise ValueError("empty range for randrange() (%d, %d, %d)" % (istart, istop, width))
        if istep > 0:
            n = (width + istep - 1) // istep
        elif istep < 0:
            n = (width + istep + 1) // istep
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return istart + istep * self._randbelow(n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        randbelow = self._randbelow
        for i in reversed(range(1, len(x))):
            j = randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, *, counts=None):
        if isinstance(population, (set, dict)):
            raise TypeError("Population must be a sequence.  For dicts or sets, use sorted(d).")
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        result = [None] * k
        setsize = 21
        if k > 5:
            setsize += 4 ** _math.ceil(_math.log(k * 3) / _LOG4)
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = self._randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = self._randbelow(n)
                while j in selected:
                    j = self._randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        n = len(population)
        if cum_weights is None:
            if weights is None:
                n += 0.0
                return [population[_math.floor(self.random() * n)] for i in range(k)]
            cum_weights = []
            total = 0
            for w in weights:
                total += w
                cum_weights.append(total)
        elif weights is not None:
            raise TypeError("Cannot specify both weights and cumulative weights")
        if len(cum_weights) != n:
            raise ValueError("The number of weights does not match the population")
        total = cum_weights[-1] + 0.0
        if total <= 0.0:
            raise ValueError("Total of weights must be greater than zero")
        hi = n - 1
        out = []
        for i in range(k):
            x = self.random() * total
            lo, top = 0, hi
            while lo < top:
                mid = (lo + top) // 2
                if x < cum_weights[mid]:
                    top = mid
                else:
                    lo = mid + 1
            out.append(population[lo])
        return out

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def triangular(self, low=0.0, high=1.0, mode=None):
        u = self.random()
        try:
            c = 0.5 if mode is None else (mode - low) / (high - low)
        except ZeroDivisionError:
            return low
        if u > c:
            u = 1.0 - u
            c = 1.0 - c
            low, high = high, low
        return low + (high - low) * _math.sqrt(u * c)

    def normalvariate(self, mu=0.0, sigma=1.0):
        while True:
            u1 = self.random()
            u2 = 1.0 - self.random()
            z = _NV_MAGICCONST * (u1 - 0.5) / u2
            zz = z * z / 4.0
            if zz <= -_math.log(u2):
                break
        return mu + z * sigma

    def gauss(self, mu=0.0, sigma=1.0):
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            x2pi = self.random() * _TWOPI
            g2rad = _math.sqrt(-2.0 * _math.log(1.0 - self.random()))
            z = _math.cos(x2pi) * g2rad
            self.gauss_next = _math.sin(x2pi) * g2rad
        return mu + z * sigma

    def lognormvariate(self, mu, sigma):
        return _math.exp(self.normalvariate(mu, sigma))

    def expovariate(self, lambd):
        return -_math.log(1.0 - self.random()) / lambd


_inst = Random()
seed = _inst.seed
random = _inst.random
uniform = _inst.uniform
triangular = _inst.triangular
randint = _inst.randint
choice = _inst.choice
randrange = _inst.randrange
sample = _inst.sample
shuffle = _inst.shuffle
choices = _inst.choices
normalvariate = _inst.normalvariate
lognormvariate = _inst.lognormvariate
expovariate = _inst.expovariate
gauss = _inst.gauss
getstate = _inst.getstate
setstate = _inst.setstate
getrandbits = _inst.getrandbits
)PY";
}  // namespace

void register_module_random() {
  Interpreter::register_module("random", [](Interpreter& ip) {
    return ip.define_generated_module("random", kRandomSource,
                                      {{"_raise_error", registered_error_raiser()},
                                       {"_mt", make_builtin("_mt", make_mt)}});
  });
}

}  // namespace rungs::python
