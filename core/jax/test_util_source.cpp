// jax._src.test_util (jtu), the harness JAX's own test files run on,
// written in Python on absl.testing and the engine's numpy. It follows JAX's
// documented behaviour at the modelled commit: JaxTestCase's array checks
// with JAX's default tolerance per dtype, the device predicates answered for
// the platform the rung models (jax.default_backend(): "cpu" for interpret
// and tpu-interpret, "tpu" for the chip model, whose device_kind names the
// modelled chip), the skip decorators, with_config, the rand_* generators
// and the JaxTestLoader. capture_stdout/capture_stderr take what the block
// wrote out of Rungs' one output stream. What a test asks of it that Rungs
// cannot honour (several devices, gradient checks) raises a
// NotImplementedError naming the helper, so that test errors and the others
// go on.
#include <algorithm>

#include "core/python/interpreter.h"

namespace rungs::jax {

namespace {

const char* const kTestUtilSource = R"PY(
import contextlib as _contextlib
import functools as _functools
import re as _re
import warnings as _warnings
import unittest as _unittest
import numpy as np
import jax as _jax
from absl.testing import absltest as _absltest
from absl.testing import parameterized as _parameterized

_SMEM_SIZE_BOUND_FOR_TESTS = 99 * 1024


class _FlagHolder:
    # jtu's config flags (config.bool_flag/int_flag holders): .value is JAX's default.
    def __init__(self, name, value):
        self.name = name
        self.value = value


SKIP_SLOW_TESTS = _FlagHolder("jax_skip_slow_tests", False)
NUM_GENERATED_CASES = _FlagHolder("jax_num_generated_cases", 10)


def _refuse(name):
    raise NotImplementedError(f"jax._src.test_util.{name} is not supported by Rungs")


def device_under_test():
    return _jax.default_backend()


def _device_kind():
    return _jax.devices()[0].device_kind


def get_tpu_version():
    if device_under_test() != "tpu":
        raise ValueError("Device is not TPU")
    kind = _device_kind()
    match = _re.match(r"TPU[^\d]*(\d+)", kind)
    if match is None:
        raise ValueError(f"Device kind {kind} is not supported")
    return int(match.group(1))


def is_device_tpu_at_least(version):
    if device_under_test() != "tpu":
        return False
    return get_tpu_version() >= version


def is_device_tpu(version=None, variant=""):
    if device_under_test() != "tpu":
        return False
    if version is None:
        return True
    kind = _device_kind()
    expected = f"v{version}{variant}"
    if expected == "v5e":
        return "v5 lite" in kind
    if expected == "v6e":
        return "v6 lite" in kind
    if expected == "v5p":
        return kind.endswith("v5")
    if expected == "v7x":
        return "TPU7x" in kind
    return expected in kind


def is_device_cuda():
    return False


def is_device_rocm():
    return False


def is_cloud_tpu():
    return False


def is_libtpu_at_least(version_str):
    return True


def is_cuda_compute_capability_at_least(capability):
    return False


def jaxlib_version():
    return tuple(int(p) for p in _jax.__version__.split('.')[:3])


def test_device_matches(device_types):
    assert not isinstance(device_types, str), 'device_types should be a list of strings'
    tags = {device_under_test()}
    for device_type in device_types:
        assert isinstance(device_type, str), device_type
        if device_type in tags:
            return True
    return False


def _device_filter(predicate, skip_reason=None):
    def skip(test_method):
        @_functools.wraps(test_method)
        def test_method_wrapper(self, *args, **kwargs):
            if not predicate():
                if skip_reason:
                    raise _unittest.SkipTest(skip_reason)
                name = getattr(test_method, '__name__', '[unknown test]')
                raise _unittest.SkipTest(f"{name} not supported on device with tags {{{device_under_test()!r}}}.")
            return test_method(self, *args, **kwargs)
        return test_method_wrapper
    return skip


def skip_on_devices(*disabled_devices, skip_reason=None):
    if skip_reason is None:
        skip_reason = "Skipped on devices with tags: " + ", ".join(disabled_devices)
    return _device_filter(lambda: not test_device_matches(disabled_devices), skip_reason)


def run_on_devices(*enabled_devices, skip_reason=None):
    if skip_reason is None:
        skip_reason = "Skipped unless running on devices with tags: " + ", ".join(enabled_devices)
    return _device_filter(lambda: test_device_matches(enabled_devices), skip_reason)


def skip_on_flag(flag_name, skip_value):
    # JAX reads the flag from its config; flags Rungs does not model keep
    # their defaults (jax_skip_slow_tests: False).
    def skip(test_method):
        @_functools.wraps(test_method)
        def test_method_wrapper(self, *args, **kwargs):
            flag_value = getattr(_jax.config, flag_name, False)
            if flag_value == skip_value:
                test_name = getattr(test_method, "__name__", "[unknown test]")
                raise _unittest.SkipTest(f"{test_name} not supported when FLAGS.{flag_name} is {flag_value}")
            return test_method(self, *args, **kwargs)
        return test_method_wrapper
    return skip


def skip_under_pytest(reason):
    return lambda test_method: test_method


# Rungs is not built with a sanitizer the tests could see.
def is_asan():
    return False


def is_msan():
    return False


def is_tsan():
    return False


def thread_unsafe_test(condition=True):
    return lambda func: func


def thread_unsafe_test_class(condition=True):
    return lambda klass: klass


def request_cpu_devices(nr_devices):
    if nr_devices > 1:
        _refuse("request_cpu_devices")


def create_mesh(mesh_shape, axis_names, iota_order=False, axis_types=None):
    size = 1
    for d in mesh_shape:
        size *= d
    if len(_jax.devices()) < size:
        raise _unittest.SkipTest(f"Test requires {size} global devices and found {len(_jax.devices())}.")
    return _jax.make_mesh(mesh_shape, axis_names)


@_contextlib.contextmanager
def capture_stdout():
    # JAX redirects the file descriptor; Rungs has one output stream, so the
    # text written inside the block is taken out of it. The getter returns
    # None inside the block and the text after it, as JAX's.
    mark = _output_mark()
    captured = None
    get_output = lambda: captured
    try:
        yield get_output
    finally:
        captured = _output_take(mark)


# A TPU kernel's debug prints reach stderr on a real TPU; Rungs writes them
# to its one output stream, which this captures too.
capture_stderr = capture_stdout


@_contextlib.contextmanager
def ignore_warning(**kw):
    with _warnings.catch_warnings():
        _warnings.filterwarnings("ignore", **kw)
        yield




# check_grads as public_test_util.py checks: the JVP (and VJP) against central
# finite differences along one random direction of a RandomState(0).
_GRAD_EPS = 1e-4


def _grad_tol(tol, x):
    if tol is None:
        tol = default_gradient_tolerance
    if isinstance(tol, dict):
        return tol.get(np.dtype(x.dtype), tol.get(np.dtype(np.float32)))
    return tol


def _grad_close(xs, ys, atol, rtol, err_msg):
    for x, y in zip(_jax.tree_util.tree_leaves(xs), _jax.tree_util.tree_leaves(ys)):
        x, y = np.asarray(x), np.asarray(y)
        _assert_numpy_allclose(x, y, atol=_grad_tol(atol, x), rtol=_grad_tol(rtol, x), err_msg=err_msg)


def _rand_like(rng, x):
    return np.asarray(rng.randn(*np.shape(x)), dtype=np.asarray(x).dtype)


def _numerical_jvp(f, primals, tangents, eps):
    tmap = _jax.tree_util.tree_map
    pos = f(*tmap(lambda p, t: np.asarray(p) + np.asarray(eps * t, np.asarray(p).dtype), primals, tangents))
    neg = f(*tmap(lambda p, t: np.asarray(p) - np.asarray(eps * t, np.asarray(p).dtype), primals, tangents))
    return tmap(lambda a, b: np.asarray((np.asarray(a) - np.asarray(b)) * (0.5 / eps), np.asarray(a).dtype), pos, neg)


def _inner_prod(xs, ys):
    leaves = zip(_jax.tree_util.tree_leaves(xs), _jax.tree_util.tree_leaves(ys))
    return sum(float(np.dot(np.asarray(x).reshape(-1), np.asarray(y).reshape(-1))) for x, y in leaves)


def check_jvp(f, f_jvp, args, atol=None, rtol=None, eps=_GRAD_EPS, err_msg=''):
    rng = np.random.RandomState(0)
    tangent = _jax.tree_util.tree_map(lambda x: _rand_like(rng, x), args)
    v_out, t_out = f_jvp(args, tangent)
    _grad_close(v_out, f(*args), atol, rtol, f'{err_msg} primal' if err_msg else 'primal')
    t_expected = _numerical_jvp(f, args, tangent, eps)
    _grad_close(t_out, t_expected, atol, rtol, f'{err_msg} tangent' if err_msg else 'tangent')


def check_vjp(f, f_vjp, args, atol=None, rtol=None, eps=_GRAD_EPS, err_msg=''):
    rng = np.random.RandomState(0)
    v_out, vjpfun = f_vjp(*args)
    _grad_close(v_out, f(*args), atol, rtol, f'{err_msg} primal' if err_msg else 'primal')
    tangent = _jax.tree_util.tree_map(lambda x: _rand_like(rng, x), args)
    tangent_out = _numerical_jvp(f, args, tangent, eps)
    cotangent = _jax.tree_util.tree_map(lambda x: _rand_like(rng, x), v_out)
    ip = _inner_prod(tangent, vjpfun(cotangent))
    ip_expected = _inner_prod(tangent_out, cotangent)
    _grad_close(np.float32(ip), np.float32(ip_expected), atol, rtol,
                f'{err_msg} cotangent projection' if err_msg else 'cotangent projection')


def check_grads(f, args, order, modes=("fwd", "rev"), atol=None, rtol=None, eps=None):
    args = tuple(args)
    eps = eps or _GRAD_EPS

    def check(f, args, order, err_msg=''):
        if "fwd" in modes:
            fwd_msg = f'JVP of {err_msg}' if err_msg else 'JVP'
            check_jvp(f, _functools.partial(_jax.jvp, f), args, atol, rtol, eps, fwd_msg)
            if order > 1:
                check(_functools.partial(_jax.jvp, f), (args, args), order - 1, fwd_msg)
        if "rev" in modes:
            rev_msg = f'VJP of {err_msg}' if err_msg else 'VJP'
            check_vjp(f, _functools.partial(_jax.vjp, f), args, atol, rtol, eps, rev_msg)
            if order > 1:
                def f_vjp(*args):
                    out, vjp = _jax.vjp(f, *args)
                    return vjp(out)
                check(f_vjp, args, order - 1, rev_msg)

    check(f, args, order)


def with_config(**kwds):
    def decorator(cls):
        config = {}
        for b in cls.__bases__:
            config.update(getattr(b, "_default_thread_local_config", {}))
        config.update(kwds)
        cls._default_thread_local_config = config
        return cls
    return decorator


_SANITIZE_NAME = _re.compile(r"[ \"'\[\](){}<>=,._]+")


def sanitize_test_name(s):
    return _SANITIZE_NAME.sub("_", s)


def parameterized_filterable(*, kwargs, testcase_name=None, one_containing=None):
    # Named parameters whose names survive -k filtering (JAX's helper).
    if testcase_name is not None:
        cases = [dict(testcase_name=sanitize_test_name(str(testcase_name(kw))), **kw) for kw in kwargs]
    else:
        for kw in kwargs:
            name = kw.get("testcase_name")
            if name is None:
                name = "_".join(f"{k}={kw[k]}" for k in sorted(kw))
            kw["testcase_name"] = sanitize_test_name(name)
        cases = kwargs
    if one_containing is not None:
        filtered = [kw for kw in cases if one_containing in kw["testcase_name"]]
        assert filtered, f"No testcase_name contains '{one_containing}'."
        kw = filtered[0]
        kw["testcase_name"] = ""
        return _parameterized.named_parameters([kw])
    return _parameterized.named_parameters(*cases)


def cases_from_list(xs):
    return list(xs)


# JAX's default tolerance per dtype (public_test_util.py).
_TOLERANCE_BY_NAME = {
    'bool': 0, 'int4': 0, 'int8': 0, 'int16': 0, 'int32': 0, 'int64': 0,
    'uint4': 0, 'uint8': 0, 'uint16': 0, 'uint32': 0, 'uint64': 0,
    'float8_e4m3fn': 1e-1, 'float8_e5m2': 1e-1, 'float8_e4m3b11fnuz': 1e-1,
    'float8_e4m3fnuz': 1e-1, 'float8_e5m2fnuz': 1e-1, 'float8_e3m4': 1e-1, 'float8_e4m3': 1e-1,
    'bfloat16': 1e-2, 'float16': 1e-3, 'float32': 1e-6, 'float64': 1e-15,
    'complex64': 1e-6, 'complex128': 1e-15,
}


def _dtype(x):
    if hasattr(x, 'dtype'):
        return np.dtype(x.dtype)
    if isinstance(x, bool):
        return np.dtype('bool')
    if isinstance(x, int):
        return np.dtype('int64')
    if isinstance(x, float):
        return np.dtype('float64')
    return np.asarray(x).dtype


def _canonical_name(dtype):
    # Under x64-off (the engine's mode), 64-bit types canonicalize to 32-bit.
    name = np.dtype(dtype).name
    return {'float64': 'float32', 'int64': 'int32', 'uint64': 'uint32', 'complex128': 'complex64'}.get(name, name)


default_gradient_tolerance = {
    np.dtype(_jax.numpy.float4_e2m1fn): 1e0,
    np.dtype(_jax.numpy.float8_e3m4): 1e-1,
    np.dtype(_jax.numpy.float8_e4m3): 1e-1,
    np.dtype(_jax.numpy.float8_e8m0fnu): 1e0,
    np.dtype(_jax.numpy.float8_e4m3b11fnuz): 1e-1,
    np.dtype(_jax.numpy.float8_e4m3fn): 1e-1,
    np.dtype(_jax.numpy.float8_e4m3fnuz): 1e-1,
    np.dtype(_jax.numpy.float8_e5m2): 1e-1,
    np.dtype(_jax.numpy.float8_e5m2fnuz): 1e-1,
    np.dtype(_jax.numpy.bfloat16): 1e-1,
    np.dtype(np.float16): 1e-2,
    np.dtype(np.float32): 2e-3,
    np.dtype(np.float64): 1e-5,
}


def tolerance(dtype, tol=None):
    tol = {} if tol is None else tol
    if not isinstance(tol, dict):
        return tol
    tol = {_canonical_name(key): value for key, value in tol.items()}
    name = _canonical_name(dtype)
    return tol.get(name, _TOLERANCE_BY_NAME[name])


def _upcast(x):
    if x.dtype.name.startswith('float8') or x.dtype.name == 'bfloat16':
        return x.astype(np.float32)
    return x


def _assert_numpy_allclose(a, b, atol=None, rtol=None, err_msg=''):
    a = _upcast(a)
    b = _upcast(b)
    kw = {}
    if atol:
        kw["atol"] = atol
    if rtol:
        kw["rtol"] = rtol
    np.testing.assert_allclose(a, b, **kw, err_msg=err_msg)


def _is_sequence(x):
    try:
        iter(x)
    except TypeError:
        return False
    return True


def _adler32(text):
    # zlib.adler32 of the ASCII test name (JAX seeds each test's RandomState so).
    a, b = 1, 0
    for ch in text:
        a = (a + ord(ch)) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


class JaxTestLoader(_absltest.TestLoader):
    pass


class JaxTestCase(_parameterized.TestCase):
    _default_thread_local_config = {
        'jax_enable_checks': True,
        'jax_numpy_dtype_promotion': 'strict',
        'jax_numpy_rank_promotion': 'raise',
        'jax_traceback_filtering': 'off',
        'jax_legacy_prng_key': 'error',
    }

    def setUp(self):
        super().setUp()
        self._rng = np.random.RandomState(_adler32(self._testMethodName))
        # The class's JAX options for the test's duration (the engine reads
        # the ones it models; the rest are kept as attributes).
        for name, value in self._default_thread_local_config.items():
            old = getattr(_jax.config, name, None)
            _jax.config.update(name, value)
            self.addCleanup(_jax.config.update, name, old)

    def rng(self):
        return self._rng

    def assertArraysEqual(self, actual, desired, *, check_dtypes=True, err_msg='',
                          allow_object_dtype=False, verbose=True):
        if check_dtypes:
            self.assertDtypesMatch(actual, desired)
        actual = np.asarray(actual)
        desired = np.asarray(desired)
        np.testing.assert_array_equal(actual, desired, err_msg=err_msg, verbose=verbose)

    def assertArraysAllClose(self, actual, desired, *, check_dtypes=True, atol=None, rtol=None, err_msg=''):
        self.assertEqual(actual.shape, desired.shape)
        atol = max(tolerance(_dtype(actual), atol), tolerance(_dtype(desired), atol))
        rtol = max(tolerance(_dtype(actual), rtol), tolerance(_dtype(desired), rtol))
        _assert_numpy_allclose(actual, desired, atol=atol, rtol=rtol, err_msg=err_msg)
        if check_dtypes:
            self.assertDtypesMatch(actual, desired)

    def assertDtypesMatch(self, actual, desired, *, canonicalize_dtypes=True):
        if canonicalize_dtypes:
            self.assertEqual(_canonical_name(_dtype(actual)), _canonical_name(_dtype(desired)))
        else:
            self.assertEqual(_dtype(actual), _dtype(desired))

    def assertAllClose(self, actual, desired, *, check_dtypes=True, atol=None, rtol=None,
                       canonicalize_dtypes=True, err_msg=''):
        kw = dict(check_dtypes=check_dtypes, atol=atol, rtol=rtol,
                  canonicalize_dtypes=canonicalize_dtypes, err_msg=err_msg)
        if isinstance(actual, dict):
            self.assertIsInstance(desired, dict)
            self.assertEqual(set(actual.keys()), set(desired.keys()))
            for k in actual.keys():
                self.assertAllClose(actual[k], desired[k], **kw)
        elif isinstance(actual, (list, tuple)) and not hasattr(actual, '__array__'):
            if not (isinstance(desired, (list, tuple)) and not hasattr(desired, '__array__')):
                self.fail(f"Expected sequence, got {desired}")
            self.assertEqual(len(actual), len(desired))
            for actual_elt, desired_elt in zip(actual, desired):
                self.assertAllClose(actual_elt, desired_elt, **kw)
        elif hasattr(actual, 'dtype') or isinstance(actual, (int, float, bool)):
            if not (hasattr(desired, 'dtype') or isinstance(desired, (int, float, bool, list, tuple))):
                self.fail(f"Expected array-like, got {desired}")
            if check_dtypes:
                self.assertDtypesMatch(actual, desired, canonicalize_dtypes=canonicalize_dtypes)
            actual = np.asarray(actual)
            desired = np.asarray(desired)
            self.assertArraysAllClose(actual, desired, check_dtypes=False, atol=atol, rtol=rtol, err_msg=err_msg)
        elif actual == desired:
            return
        else:
            raise TypeError((type(actual), type(desired)))

    def assertMultiLineStrippedEqual(self, expected, what):
        def strip(text):
            return '\n'.join(line.strip() for line in text.strip().split('\n'))
        self.assertMultiLineEqual(strip(expected), strip(what))


def _rand_dtype(rand, shape, dtype, scale=1.0, post=lambda x: x):
    dims = tuple(shape)
    if np.issubdtype(dtype, np.unsignedinteger):
        vals = np.asarray(scale * np.abs(rand(*dims)))
    else:
        vals = np.asarray(scale * rand(*dims))
    return np.asarray(post(vals)).astype(dtype)


def rand_default(rng, scale=3):
    return _functools.partial(_rand_dtype, rng.randn, scale=scale)


def rand_nonzero(rng):
    post = lambda x: np.where(x == 0, 1, x)
    return _functools.partial(_rand_dtype, rng.randn, scale=3, post=post)


def rand_positive(rng):
    return _functools.partial(_rand_dtype, rng.rand, scale=2, post=lambda x: x + 1)


def rand_small(rng):
    return _functools.partial(_rand_dtype, rng.randn, scale=1e-3)


def rand_uniform(rng, low=0.0, high=1.0):
    assert low < high
    return _functools.partial(_rand_dtype, rng.rand, post=lambda x: x * (high - low) + low)


def rand_int(rng, low=0, high=None):
    def fn(shape, dtype):
        nonlocal high
        if high is None:
            high = np.iinfo(dtype).max
        return rng.randint(low, high=high, size=shape).astype(dtype)
    return fn


def rand_bool(rng):
    def generator(shape, dtype):
        return rng.rand(*tuple(shape)) < 0.5
    return generator
)PY";

}  // namespace

// _output_take(mark): the output written since `mark`, removed from it.
static python::Value output_take(python::Interpreter& ip, python::CallArgs& call) {
  std::string& out = ip.stdout_text();
  size_t mark = static_cast<size_t>(std::max<int64_t>(0, call.positional.at(0).as_int()));
  if (mark > out.size()) mark = out.size();
  std::string taken = out.substr(mark);
  out.resize(mark);
  return python::make_str(taken);
}

void register_module_test_util() {
  python::Interpreter::register_module("jax._src.test_util", [](python::Interpreter& ip) {
    python::Value m = ip.define_generated_module(
        "jax._src.test_util", kTestUtilSource,
        {{"_output_mark", python::make_builtin("_output_mark",
                                               [](python::Interpreter& ip, python::CallArgs&) {
                                                 return python::Value::integer(static_cast<int64_t>(ip.stdout_text().size()));
                                               })},
         {"_output_take", python::make_builtin("_output_take", output_take)}});
    // A private name JAX's tests read from jtu (generated modules export public names only).
    m.as<python::ModuleObj>().attrs["_SMEM_SIZE_BOUND_FOR_TESTS"] = python::Value::integer(99 * 1024);
    return m;
  });
}

}  // namespace rungs::jax
