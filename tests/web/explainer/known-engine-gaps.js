// Error pages whose reproducer follows real JAX but the engine raises
// something else today. Each entry says what the engine raises and why the
// page is still right; remove it when the engine is fixed.
export const KNOWN_ENGINE_GAPS = {
  tracer_integer_conversion: {
    got: 'range_arg_type',
    why: 'JAX raises TracerIntegerConversionError when Python calls __index__ on a tracer (range(), list indexing); Rungs raises a plain TypeError from range() instead, and uses tracer_integer_conversion for int(), where JAX raises ConcretizationTypeError.',
  },
};
