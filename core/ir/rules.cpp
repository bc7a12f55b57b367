#include "core/ir/rules.h"

#include <algorithm>

#include "core/array/random.h"
#include "core/errors/error.h"

namespace rungs::ir {

namespace {

// A one-array result, moved in (a braced list would copy the array).
std::vector<Array> one(Array a) {
  std::vector<Array> out;
  out.push_back(std::move(a));
  return out;
}

array::UnaryOp unary_of(Prim p) {
  using U = array::UnaryOp;
  switch (p) {
    case Prim::Neg: return U::Neg;
    case Prim::Sign: return U::Sign;
    case Prim::Floor: return U::Floor;
    case Prim::Ceil: return U::Ceil;
    case Prim::Round: return U::Round;
    case Prim::IsFinite: return U::IsFinite;
    case Prim::Exp: return U::Exp;
    case Prim::Exp2: return U::Exp2;
    case Prim::Log: return U::Log;
    case Prim::Log1p: return U::Log1p;
    case Prim::Expm1: return U::Expm1;
    case Prim::Tanh: return U::Tanh;
    case Prim::Logistic: return U::Logistic;
    case Prim::Sin: return U::Sin;
    case Prim::Cos: return U::Cos;
    case Prim::Tan: return U::Tan;
    case Prim::Asin: return U::Asin;
    case Prim::Acos: return U::Acos;
    case Prim::Atan: return U::Atan;
    case Prim::Sinh: return U::Sinh;
    case Prim::Cosh: return U::Cosh;
    case Prim::Asinh: return U::Asinh;
    case Prim::Acosh: return U::Acosh;
    case Prim::Atanh: return U::Atanh;
    case Prim::Sqrt: return U::Sqrt;
    case Prim::Rsqrt: return U::Rsqrt;
    case Prim::Cbrt: return U::Cbrt;
    case Prim::Abs: return U::Abs;
    case Prim::Not: return U::Not;
    case Prim::Erf: return U::Erf;
    case Prim::ErfInv: return U::ErfInv;
    case Prim::Square: return U::Square;
    case Prim::PopulationCount: return U::PopulationCount;
    case Prim::Clz: return U::Clz;
    default: return U::Real;
  }
}

array::BinaryOp binary_of(Prim p) {
  using B = array::BinaryOp;
  switch (p) {
    case Prim::Add: return B::Add;
    case Prim::Sub: return B::Sub;
    case Prim::Mul: return B::Mul;
    case Prim::Div: return B::Div;
    case Prim::Rem: return B::Rem;
    case Prim::Pow: return B::Pow;
    case Prim::Max: return B::Max;
    case Prim::Min: return B::Min;
    case Prim::And: return B::And;
    case Prim::Or: return B::Or;
    case Prim::Xor: return B::Xor;
    case Prim::ShiftLeft: return B::ShiftLeft;
    case Prim::ShiftRightArithmetic: return B::ShiftRightArithmetic;
    case Prim::ShiftRightLogical: return B::ShiftRightLogical;
    case Prim::Atan2: return B::Atan2;
    case Prim::NextAfter: return B::NextAfter;
    case Prim::Eq: return B::Eq;
    case Prim::Ne: return B::Ne;
    case Prim::Lt: return B::Lt;
    case Prim::Le: return B::Le;
    case Prim::Gt: return B::Gt;
    default: return B::Ge;
  }
}

array::ReduceOp reduce_of(Prim p) {
  using R = array::ReduceOp;
  switch (p) {
    case Prim::ReduceSum:
    case Prim::CumSum: return R::Sum;
    case Prim::ReduceMax:
    case Prim::CumMax: return R::Max;
    case Prim::ReduceMin:
    case Prim::CumMin: return R::Min;
    case Prim::ReduceProd:
    case Prim::CumProd: return R::Prod;
    case Prim::ReduceAnd: return R::And;
    case Prim::ReduceOr: return R::Or;
    case Prim::ArgMax: return R::ArgMax;
    default: return R::ArgMin;
  }
}

std::vector<int> ints(const std::vector<int64_t>& v) { return std::vector<int>(v.begin(), v.end()); }

Shape remove_axes(const Shape& shape, const std::vector<int64_t>& axes) {
  Shape out;
  for (size_t d = 0; d < shape.size(); ++d)
    if (std::find(axes.begin(), axes.end(), static_cast<int64_t>(d)) == axes.end())
      out.push_back(shape[d]);
  return out;
}

}  // namespace

bool is_pure(Prim prim) {
  switch (prim_category(prim)) {
    case PrimCategory::Unary:
    case PrimCategory::Binary:
    case PrimCategory::Compare:
    case PrimCategory::Pure: return true;
    default: return false;
  }
}

std::vector<AVal> abstract_eval(Prim prim, const std::vector<AVal>& in, const Params& p) {
  auto out = [](DType d, Shape s, bool weak) { return std::vector<AVal>{AVal::array(d, std::move(s), weak)}; };
  switch (prim_category(prim)) {
    case PrimCategory::Unary: {
      DType d = prim == Prim::IsFinite ? DType::Bool : in[0].dtype;
      return out(d, in[0].shape, prim == Prim::IsFinite ? false : in[0].weak_type);
    }
    case PrimCategory::Binary:
    case PrimCategory::Compare: {
      if (in[0].dtype != in[1].dtype)
        raise_here(ErrorId::lax_dtype_mismatch, prim_name(prim), array::dtype_name(in[0].dtype),
                   array::dtype_name(in[1].dtype));
      Shape shape;
      if (in[0].shape == in[1].shape || in[1].shape.empty()) shape = in[0].shape;
      else if (in[0].shape.empty()) shape = in[1].shape;
      else shape = array::broadcast_shapes(in[0].shape, in[1].shape);
      bool cmp = prim_category(prim) == PrimCategory::Compare;
      return out(cmp ? DType::Bool : in[0].dtype, shape, !cmp && in[0].weak_type && in[1].weak_type);
    }
    default: break;
  }
  switch (prim) {
    case Prim::SelectN: return {in[1]};
    case Prim::Clamp: return {in[1]};
    case Prim::ConvertElementType: return out(p.dtype, in[0].shape, p.flag);
    case Prim::BitcastConvertType: return out(p.dtype, array::bitcast_shape(in[0].shape, in[0].dtype, p.dtype), false);
    case Prim::TpuBitcast: return out(p.dtype, array::tpu_bitcast_shape(in[0].shape, in[0].dtype, p.dtype), false);
    case Prim::ReduceSum:
    case Prim::ReduceMax:
    case Prim::ReduceMin:
    case Prim::ReduceProd:
    case Prim::ReduceAnd:
    case Prim::ReduceOr: return out(in[0].dtype, remove_axes(in[0].shape, p.axes), in[0].weak_type);
    case Prim::ArgMax:
    case Prim::ArgMin: return out(p.dtype, remove_axes(in[0].shape, p.axes), false);
    case Prim::CumSum:
    case Prim::CumProd:
    case Prim::CumMax:
    case Prim::CumMin:
    case Prim::Copy:
    case Prim::MultipleOf:
    case Prim::Rev: return {in[0]};
    case Prim::Sort: return in;  // lax.sort of several operands: one output per operand
    case Prim::Reshape:
    case Prim::BroadcastInDim: return out(in[0].dtype, p.shape, in[0].weak_type);
    case Prim::DynamicSlice: return out(in[0].dtype, p.shape, in[0].weak_type);
    case Prim::DynamicUpdateSlice: return {in[0]};
    case Prim::Iota: return out(p.dtype, p.shape, false);
    case Prim::RandomBits: return out(p.dtype, p.shape, false);
    case Prim::Threefry2x32: return {AVal::array(DType::UInt32, in[2].shape), AVal::array(DType::UInt32, in[2].shape)};
    case Prim::Slice: {
      Shape s;
      for (size_t d = 0; d < p.starts.size(); ++d) {
        int64_t stride = p.strides.empty() ? 1 : p.strides[d];
        s.push_back(std::max<int64_t>(0, (p.limits[d] - p.starts[d] + stride - 1) / stride));
      }
      return out(in[0].dtype, s, in[0].weak_type);
    }
    default: break;
  }
  switch (prim) {
    case Prim::Transpose: {
      Shape s;
      for (int64_t a : p.axes) s.push_back(in[0].shape[static_cast<size_t>(a)]);
      return out(in[0].dtype, s, in[0].weak_type);
    }
    case Prim::Squeeze: return out(in[0].dtype, remove_axes(in[0].shape, p.axes), in[0].weak_type);
    case Prim::ExpandDims: {
      Shape s = in[0].shape;
      std::vector<int64_t> axes = p.axes;
      std::sort(axes.begin(), axes.end());
      for (int64_t a : axes) s.insert(s.begin() + a, 1);
      return out(in[0].dtype, s, in[0].weak_type);
    }
    case Prim::Concatenate: {
      Shape s = in[0].shape;
      for (size_t i = 1; i < in.size(); ++i) s[static_cast<size_t>(p.n)] += in[i].shape[static_cast<size_t>(p.n)];
      return out(in[0].dtype, s, in[0].weak_type);
    }
    case Prim::Pad: {
      Shape s = in[0].shape;
      for (size_t d = 0; d < s.size(); ++d) {
        int64_t n = s[d];
        s[d] = p.starts[d] + p.limits[d] + n + std::max<int64_t>(0, n - 1) * p.strides[d];
      }
      return out(in[0].dtype, s, in[0].weak_type);
    }
    case Prim::DotGeneral: {
      Shape s;
      for (int b : p.dot.lhs_batch) s.push_back(in[0].shape[static_cast<size_t>(b)]);
      for (size_t d = 0; d < in[0].shape.size(); ++d) {
        int dd = static_cast<int>(d);
        if (std::find(p.dot.lhs_batch.begin(), p.dot.lhs_batch.end(), dd) == p.dot.lhs_batch.end() &&
            std::find(p.dot.lhs_contract.begin(), p.dot.lhs_contract.end(), dd) == p.dot.lhs_contract.end())
          s.push_back(in[0].shape[d]);
      }
      for (size_t d = 0; d < in[1].shape.size(); ++d) {
        int dd = static_cast<int>(d);
        if (std::find(p.dot.rhs_batch.begin(), p.dot.rhs_batch.end(), dd) == p.dot.rhs_batch.end() &&
            std::find(p.dot.rhs_contract.begin(), p.dot.rhs_contract.end(), dd) == p.dot.rhs_contract.end())
          s.push_back(in[1].shape[d]);
      }
      // Validate contracting sizes now, at trace time, as lax does.
      for (size_t i = 0; i < p.dot.lhs_contract.size() && i < p.dot.rhs_contract.size(); ++i) {
        int64_t a = in[0].shape[static_cast<size_t>(p.dot.lhs_contract[i])];
        int64_t b = in[1].shape[static_cast<size_t>(p.dot.rhs_contract[i])];
        if (a != b) raise_here(ErrorId::dot_contract_mismatch, array::shape_str({a}), array::shape_str({b}));
      }
      // Mixed operand types (int8 x int4, float8 x bf16) take the wider one.
      return out(array::dot_result_dtype(in[0].dtype, in[1].dtype, p.flag ? std::optional<DType>(p.dtype) : std::nullopt),
                 s, false);
    }
    case Prim::Gather:
    case Prim::Scatter: {
      // Shapes of advanced indexing depend on the index spec; evaluate it on
      // a zero-filled stand-in of the operand (cheap: operands are blocks).
      Array x = Array::zeros(in[0].dtype, in[0].shape);
      std::vector<Array> args{x};
      for (size_t i = 1; i < in.size(); ++i) args.push_back(Array::zeros(in[i].dtype, in[i].shape));
      auto r = apply_pure(prim, args, p);
      return out(r[0].dtype(), r[0].shape(), in[0].weak_type);
    }
    default: break;
  }
  raise_here(ErrorId::internal_error, std::string("no abstract evaluation rule for ") + std::string(prim_name(prim)));
}

bool apply_f32_span(Prim prim, const Params& p, const float* const* in, const int64_t* strides, float* out,
                    int64_t n) {
  switch (prim_category(prim)) {
    case PrimCategory::Unary: {
      if (prim == Prim::IntegerPow || (prim == Prim::Round && p.n != 0)) return false;
      if (strides[0] != 1) return false;
      return array::unary_f32_span(unary_of(prim), in[0], out, n);
    }
    case PrimCategory::Binary:
      return array::binary_f32_span(binary_of(prim), in[0], strides[0], in[1], strides[1], out, n);
    default: return false;
  }
}

std::vector<Array> apply_pure(Prim prim, std::vector<Array>&& in, const Params& p) {
  if (prim_category(prim) == PrimCategory::Binary && in.size() == 2 && in[0].dtype() == in[1].dtype())
    return one(array::binary_consuming(binary_of(prim), std::move(in[0]), std::move(in[1])));
  return apply_pure(prim, static_cast<const std::vector<Array>&>(in), p);
}

std::vector<Array> apply_pure(Prim prim, const std::vector<Array>& in, const Params& p) {
  switch (prim_category(prim)) {
    case PrimCategory::Unary:
      if (prim == Prim::IntegerPow) return one(array::integer_pow(in[0], p.n));
      // round's rounding_method: 0 away from zero (lax default), 1 to even (jnp.round).
      if (prim == Prim::Round && p.n == 1) return one(array::unary(array::UnaryOp::RoundEven, in[0]));
      return one(array::unary(unary_of(prim), in[0]));
    case PrimCategory::Binary:
    case PrimCategory::Compare:
      if (in[0].dtype() != in[1].dtype())
        raise_here(ErrorId::lax_dtype_mismatch, prim_name(prim), array::dtype_name(in[0].dtype()),
                   array::dtype_name(in[1].dtype()));
      return one(array::binary(binary_of(prim), in[0], in[1]));
    default: break;
  }
  switch (prim) {
    case Prim::SelectN: return one(array::select_n(in[0], std::vector<Array>(in.begin() + 1, in.end())));
    case Prim::Clamp: return one(array::clamp(in[0], in[1], in[2]));
    case Prim::ConvertElementType: return one(array::convert(in[0], p.dtype, p.flag));
    case Prim::BitcastConvertType: return one(array::bitcast_convert(in[0], p.dtype));
    case Prim::TpuBitcast: return one(array::tpu_bitcast(in[0], p.dtype));
    case Prim::ReduceSum:
    case Prim::ReduceMax:
    case Prim::ReduceMin:
    case Prim::ReduceProd:
    case Prim::ReduceAnd:
    case Prim::ReduceOr:
    case Prim::ArgMax:
    case Prim::ArgMin: return one(array::reduce(reduce_of(prim), in[0], ints(p.axes), p.dtype));
    case Prim::CumSum:
    case Prim::CumProd:
    case Prim::CumMax:
    case Prim::CumMin: return one(array::cumulative(reduce_of(prim), in[0], static_cast<int>(p.n), p.flag));
    case Prim::DotGeneral:
      return one(array::dot_general(in[0], in[1], p.dot, p.flag ? std::optional<DType>(p.dtype) : std::nullopt));
    case Prim::Transpose: return one(array::transpose(in[0], ints(p.axes)));
    case Prim::Reshape: return one(array::reshape(in[0], p.shape));
    case Prim::BroadcastInDim: return one(array::broadcast_in_dim(in[0], p.shape, ints(p.axes)));
    case Prim::Squeeze: return one(array::squeeze(in[0], ints(p.axes)));
    case Prim::ExpandDims: return one(array::expand_dims(in[0], ints(p.axes)));
    case Prim::Concatenate: return one(array::concatenate(in, static_cast<int>(p.n)));
    case Prim::Pad: return one(array::pad(in[0], in[1].get_scalar(0), p.starts, p.limits, p.strides));
    case Prim::Slice: return one(array::slice(in[0], p.starts, p.limits, p.strides));
    case Prim::DynamicSlice: {
      std::vector<int64_t> starts;
      for (size_t i = 1; i < in.size(); ++i) starts.push_back(in[i].get_int(0));
      return one(array::dynamic_slice(in[0], starts, p.shape));
    }
    case Prim::DynamicUpdateSlice: {
      std::vector<int64_t> starts;
      for (size_t i = 2; i < in.size(); ++i) starts.push_back(in[i].get_int(0));
      return one(array::dynamic_update_slice(in[0], in[1], starts));
    }
    case Prim::Rev: return one(array::rev(in[0], ints(p.axes)));
    case Prim::Iota: return one(array::iota(p.dtype, p.shape, static_cast<int>(p.n)));
    case Prim::Copy:
    case Prim::MultipleOf: return {in[0]};
    case Prim::Sort:  // counts = {num_keys} when several operands sort together
      if (in.size() == 1) return one(array::sort(in[0], static_cast<int>(p.n)));
      return array::sort_multi(in, static_cast<int>(p.n), p.counts.empty() ? 1 : static_cast<int>(p.counts[0]));
    case Prim::Gather:
    case Prim::Scatter: {
      // indexers[0] lists the index items; Array items take their arrays
      // from the inputs after the operand (and the updates, for scatter).
      array::IndexSpec spec;
      for (const DimIndex& d : p.indexers[0].dims) {
        if (d.kind == DimIndex::Kind::Array) {
          const Array& idx = in[static_cast<size_t>(d.input)];
          spec.items.push_back(idx.dtype() == DType::Bool ? array::IndexItem::bool_array(idx)
                                                         : array::IndexItem::int_array(idx));
        } else if (d.kind == DimIndex::Kind::Index) {
          int64_t v = d.is_static() ? d.start : in[static_cast<size_t>(d.input)].get_int(0);
          spec.items.push_back(array::IndexItem::integer(v));
        } else if (d.kind == DimIndex::Kind::NewAxis) {
          spec.items.push_back(array::IndexItem::new_axis());
        } else {
          int64_t start = d.is_static() ? d.start : in[static_cast<size_t>(d.input)].get_int(0);
          spec.items.push_back(array::IndexItem::slice(start, start + d.size * d.stride, d.stride));
        }
      }
      if (prim == Prim::Gather) return one(array::index(in[0], spec));
      return one(array::index_update(in[0], spec, in[1], static_cast<array::UpdateMode>(p.n)));
    }
    case Prim::RandomBits: {
      array::Key key{static_cast<uint32_t>(in[0].get_int(0)), static_cast<uint32_t>(in[0].get_int(1))};
      return one(array::random_bits(key, static_cast<int>(p.n), p.shape));
    }
    case Prim::Threefry2x32: {
      array::Key key{static_cast<uint32_t>(in[0].get_int(0)), static_cast<uint32_t>(in[1].get_int(0))};
      Array y0 = Array::uninitialized(DType::UInt32, in[2].shape()), y1 = Array::uninitialized(DType::UInt32, in[2].shape());
      uint32_t* a = y0.mutable_data<uint32_t>();
      uint32_t* b = y1.mutable_data<uint32_t>();
      for (int64_t i = 0; i < y0.size(); ++i) {
        auto [r0, r1] = array::threefry2x32(key, static_cast<uint32_t>(in[2].get_int(i)), static_cast<uint32_t>(in[3].get_int(i)));
        a[i] = r0;
        b[i] = r1;
      }
      return {y0, y1};
    }
    default: break;
  }
  raise_here(ErrorId::unsupported_primitive_eager, prim_name(prim));
}

}  // namespace rungs::ir
