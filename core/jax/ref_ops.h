// Refs inside a kernel trace: reading `ref[idx]`, writing `ref[idx] = v`,
// views with `ref.at[idx]`, and the NumPy-like index expressions they accept
// (ints, slices, `...`, `pl.ds(start, size, stride)`, traced scalars, integer
// arrays). Builds JAX's NDIndexer semantics, including its trace-time
// out-of-bound checks and the quirk that a static start of 0 skips them.
#pragma once

#include <string>
#include <vector>

#include "core/jax/array_value.h"

namespace rungs::jax {

// pl.ds / pl.dslice / pl.Slice values.
const RecordType& slice_record_type();
Value make_ds(const Value& start, const Value& size, const Value& stride);

// A parsed access to a ref: the equation inputs (the ref first, then every
// dynamic index operand) and one ir::Indexer per view level.
struct RefAccess {
  std::vector<ir::Operand> inputs;
  std::vector<ir::Indexer> indexers;
  ir::AVal result;  // the array type an access to the whole view reads
};

// Parse `key` against a ref of `shape` (one view level).
RefView parse_ref_index(Interpreter& interp, const array::Shape& shape, const Value& key,
                        SourceRange where);
array::Shape view_shape(const array::Shape& shape, const RefView& view);
// All view levels of `ref` plus an optional extra index. A slice with a
// traced size is refused unless `dynamic_size` (a DMA's source, destination
// or sizing view); its size operand is then an input too (DimIndex::size_input).
RefAccess ref_access(Interpreter& interp, const RefObj& ref, const Value* extra_key, SourceRange where,
                     bool dynamic_size = false);
// Append the dynamic index operands of a ref access after `inputs` (an
// equation's operands so far) and return its indexers with input positions
// rebased to that equation.
std::vector<ir::Indexer> append_view(const RefAccess& acc, std::vector<ir::Operand>& inputs);

Value ref_getitem(Interpreter& interp, const Value& ref, const Value& key, SourceRange where);
void ref_setitem(Interpreter& interp, const Value& ref, const Value& key, const Value& value, SourceRange where);
Value ref_getattr(Interpreter& interp, const Value& ref, const std::string& name, SourceRange where);
// Check and convert a value stored into a ref view of type `target`.
ir::Operand value_for_store(Interpreter& interp, const Value& value, const ir::AVal& target,
                            SourceRange where);

// "Ref<vmem>{float32[8,128]}" as JAX names a ref type in error messages.
std::string ref_type_text(const RefObj& ref);

}  // namespace rungs::jax
