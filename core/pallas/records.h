// The Python-visible Pallas objects: BlockSpec, block-dim markers
// (pl.Blocked/Element/Squeezed), memory spaces and the scratch types made
// by calling them (pltpu.VMEM((8, 128), jnp.float32)), semaphore types,
// GridSpec / PrefetchScalarGridSpec, Buffered, CostEstimate, CompilerParams
// and InterpretParams. Each is a RecordObj of a type declared here; the
// module files expose their constructors, pallas_call reads their fields.
#pragma once

#include <string>

#include "core/python/objects.h"
#include "core/ir/jaxpr.h"

namespace rungs::pallas {

using python::CallArgs;
using python::Interpreter;
using python::RecordType;
using python::Value;
using python::Values;
using python::RecordObj;
using python::make_tuple;

const RecordType& block_spec_type();
const RecordType& no_block_spec_type();
const RecordType& block_dim_type();        // fields: kind ("Blocked", "Element", ...), block_size, padding
const RecordType& memory_space_type();     // fields: name ("vmem"), backend ("tpu", "pallas", "gpu"), enum
const RecordType& memory_ref_type();       // fields: shape, dtype, memory_space, semaphore
const RecordType& semaphore_type_type();   // fields: kind ("regular", "dma", "barrier")
const RecordType& grid_spec_type();        // fields: num_scalar_prefetch, grid, in_specs, out_specs, scratch_shapes
const RecordType& buffered_type();         // fields: buffer_count, use_lookahead
const RecordType& cost_estimate_type();
const RecordType& compiler_params_type();
const RecordType& interpret_params_type();
const RecordType& dimension_semantics_type();  // pltpu.PARALLEL / ARBITRARY ...

bool is_record(const Value& v, const RecordType& type);

// Constructors exposed as module functions.
Value block_spec(Interpreter& ip, CallArgs& call);
Value block_dim(const std::string& kind, Interpreter& ip, CallArgs& call);
Value memory_space(const std::string& name, const std::string& backend, const std::string& enum_name);
Value semaphore_kind(const std::string& kind);
Value grid_spec(Interpreter& ip, CallArgs& call, bool prefetch);
Value buffered(Interpreter& ip, CallArgs& call);
Value cost_estimate(Interpreter& ip, CallArgs& call);
// pl.estimate_cost: JAX's cost rules over `fun` traced on its arguments' types.
Value estimate_cost(Interpreter& ip, CallArgs& call);
// Their keyword lists (JAX's dataclass fields), for Args and inspect.signature.
const std::vector<std::string>& compiler_params_signature();
const std::vector<std::string>& interpret_params_signature();
Value compiler_params(Interpreter& ip, CallArgs& call);
Value interpret_params(Interpreter& ip, CallArgs& call);
Value dimension_semantics(const std::string& name);
Value no_block_spec();

// The memory space a record names (nullopt for None), namespaced by
// backend so pltpu.SMEM and plgpu.SMEM never compare equal.
std::optional<ir::MemorySpace> memory_space_of(const Value& v);
// The ref type a scratch/out_shape entry describes (MemoryRef or
// SemaphoreType); raises for anything else.
ir::AVal memory_ref_aval(Interpreter& ip, const Value& v, SourceRange where);

}  // namespace rungs::pallas
