// jax.nn: the activation and normalisation functions, written in Python over
// jax.numpy and jax.lax with the formulas JAX uses (jax/_src/nn/functions.py),
// so they trace into kernels exactly as the same expressions written by hand
// would (gelu's tanh form, softmax's max subtraction, ...).
#include "core/jax/modules.h"
#include "core/python/modules.h"

namespace rungs::jax {

namespace {

const char* const kNnSource = R"PY(
import math


def relu(x):
    return jnp.maximum(x, 0)


def relu6(x):
    return jnp.minimum(jnp.maximum(x, 0), 6.0)


def sigmoid(x):
    return lax.logistic(x)


def silu(x):
    return x * sigmoid(x)


swish = silu


def _logaddexp(a, b):
    amax = jnp.maximum(a, b)
    delta = a - b
    return jnp.where(jnp.isnan(delta), a + b, amax + jnp.log1p(jnp.exp(-jnp.abs(delta))))


def softplus(x):
    return _logaddexp(x, 0.0)


def log_sigmoid(x):
    return -softplus(-x)


def gelu(x, approximate=True):
    if approximate:
        cdf = 0.5 * (1.0 + jnp.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * (x ** 3))))
        return x * cdf
    return x * (1.0 + lax.erf(x * math.sqrt(0.5))) / 2


def elu(x, alpha=1.0):
    safe_x = jnp.where(x > 0, 0.0, x)
    return jnp.where(x > 0, x, alpha * jnp.expm1(safe_x))


def leaky_relu(x, negative_slope=0.01):
    return jnp.where(x >= 0, x, negative_slope * x)


def hard_tanh(x):
    return jnp.where(x > 1, 1, jnp.where(x < -1, -1, x))


def softmax(x, axis=-1, where=None):
    # JAX's (jax_softmax_custom_jvp off): the max starts from -inf, a max
    # with the initial value that pl.estimate_cost counts as flops.
    # Masked-out entries enter the max and the sum as -inf and 0, which is
    # what JAX's where= reductions make of them.
    x_safe = x if where is None else jnp.where(where, x, -jnp.inf)
    x_max = jnp.max(x_safe, axis, initial=-jnp.inf, keepdims=True)
    unnormalized = jnp.exp(x_safe - lax.stop_gradient(x_max))
    if where is not None:
        unnormalized = jnp.where(where, unnormalized, 0.0)
    result = unnormalized / jnp.sum(unnormalized, axis, keepdims=True)
    if where is not None:
        result = jnp.where(where, result, 0)
    return result


def log_softmax(x, axis=-1):
    shifted = x - lax.stop_gradient(jnp.max(x, axis, keepdims=True))
    return shifted - jnp.log(jnp.sum(jnp.exp(shifted), axis, keepdims=True))


def logsumexp(a, axis=None, keepdims=False):
    amax = jnp.max(a, axis=axis, keepdims=True)
    amax = lax.stop_gradient(jnp.where(jnp.isfinite(amax), amax, 0))
    out = jnp.log(jnp.sum(jnp.exp(a - amax), axis=axis, keepdims=True)) + amax
    if keepdims:
        return out
    return out.reshape(()) if axis is None else jnp.squeeze(out, axis)


def one_hot(x, num_classes, *, dtype=jnp.float32, axis=-1):
    hot = jnp.asarray(jnp.asarray(x)[..., None] == jnp.arange(num_classes), dtype)
    return hot if axis == -1 else jnp.moveaxis(hot, -1, axis)


def standardize(x, axis=-1, mean=None, variance=None, epsilon=1e-5):
    if mean is None:
        mean = jnp.mean(x, axis, keepdims=True)
    if variance is None:
        variance = jnp.mean(jnp.square(x), axis, keepdims=True) - jnp.square(mean)
    return (x - mean) * lax.rsqrt(variance + epsilon)
)PY";

}  // namespace

void register_module_nn() {
  Interpreter::register_module("jax.nn", [](Interpreter& ip) {
    return ip.define_generated_module("jax.nn", kNnSource,
                                      {{"jnp", ip.import_module("jax.numpy", {})}, {"lax", ip.import_module("jax.lax", {})}});
  });
}

}  // namespace rungs::jax
